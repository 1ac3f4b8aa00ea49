#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H
void __warn(const char *file, int line);
void __bug(const char *file, int line) __attribute__((noreturn));
#define WARN_ON(condition) ({ int __ret_warn_on = !!(condition); if (unlikely(__ret_warn_on)) __warn(__FILE__, __LINE__); unlikely(__ret_warn_on); })
#define WARN_ON_ONCE(condition) WARN_ON(condition)
#define BUG_ON(condition) do { if (unlikely(condition)) __bug(__FILE__, __LINE__); } while (0)
#endif
