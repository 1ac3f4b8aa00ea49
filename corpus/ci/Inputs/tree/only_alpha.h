/* Included by alpha.c only. */
static inline int alpha_bias(void)
{
	return 1;
}
