#include <linux/mutex.h>
static struct mutex table_mutex;
void table_update(int v)
{
	mutex_lock(&table_mutex);
	mutex_unlock(&table_mutex);
}
