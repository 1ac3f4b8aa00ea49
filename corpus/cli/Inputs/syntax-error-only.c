int broken(void)
{
	return 1 +;
}
