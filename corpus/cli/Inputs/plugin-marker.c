/* A compiler "plugin" that shows it was loaded: it creates the file
 * $KHARDEN_PLUGIN_MARK. kharden must never load code a compile command
 * names (output-options.test.c). */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void mark(void)
{
	const char *path = getenv("KHARDEN_PLUGIN_MARK");

	if (path)
		close(open(path, O_CREAT | O_WRONLY, 0644));
}
