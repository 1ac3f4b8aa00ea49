// Defines the flag latch-across-files.c tests, at zero, and sets it.
int after_bootmem;

void mem_init(void)
{
	after_bootmem = 1;
}
