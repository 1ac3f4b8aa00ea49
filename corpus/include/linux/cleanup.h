#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H
/* The v6.5+ scope-based guards, as in include/linux/cleanup.h. */
#define __cleanup(func) __attribute__((__cleanup__(func)))
#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...) \
	typedef _type class_##_name##_t; \
	static inline void class_##_name##_destructor(_type *p) { _type _T = *p; _exit; } \
	static inline _type class_##_name##_constructor(_init_args) { _type t = _init; return t; }
#define CLASS(_name, var) class_##_name##_t var __cleanup(class_##_name##_destructor) = class_##_name##_constructor
#define DEFINE_GUARD(_name, _type, _lock, _unlock) \
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; }, ({ _lock; _T; }), _type _T)
#define guard(_name) CLASS(_name, __UNIQUE_ID(guard))
#define __guard_ptr(_name) class_##_name##_lock_ptr
#define scoped_guard(_name, args...) \
	for (CLASS(_name, scope)(args), *done = NULL; !done; done = (void *)1)
typedef struct { int dummy; } class_void_lock_t;
#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock) \
	typedef struct { void *lock; } class_##_name##_t; \
	static inline void class_##_name##_destructor(class_##_name##_t *_T) { _unlock; } \
	static inline class_##_name##_t class_##_name##_constructor(void) { class_##_name##_t _t = { (void *)1 }, *_T = &_t; (void)_T; _lock; return _t; }
#endif
#ifndef _LINUX_CLEANUP_GUARD1
#define _LINUX_CLEANUP_GUARD1
#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...) \
	typedef struct { _type *lock; __VA_ARGS__; } class_##_name##_t; \
	static inline void class_##_name##_destructor(class_##_name##_t *_T) { _unlock; } \
	static inline class_##_name##_t class_##_name##_constructor(_type *l) { class_##_name##_t _t = { .lock = l }, *_T = &_t; _lock; return _t; }
#endif
