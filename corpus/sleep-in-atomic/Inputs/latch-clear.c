// Clears the flag latch-across-files.c tests: no latch then.
extern int after_bootmem;

void mem_reset(void)
{
	after_bootmem = 0;
}
