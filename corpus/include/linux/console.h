/* Mock kernel header for kharden's corpus: the nbcon console callbacks of
 * include/linux/console.h (6.12), whose comments say that device_lock()
 * MUST disable migration and device_unlock() re-enables it. */
#ifndef _LINUX_CONSOLE_H
#define _LINUX_CONSOLE_H
struct console {
	void (*device_lock)(struct console *con, unsigned long *flags);
	void (*device_unlock)(struct console *con, unsigned long flags);
};
#endif
