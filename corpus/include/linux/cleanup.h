#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H
/* The scope-based guards as 6.12.117's include/linux/cleanup.h expands
 * them: a lock guard's destructor unlocks only `if (_T->lock)`, and
 * scoped_guard() leaves its loop by a goto to a label in an `if (0)`. */
#define __cleanup(func) __attribute__((__cleanup__(func)))
#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...) \
	typedef _type class_##_name##_t; \
	static inline void class_##_name##_destructor(_type *p) { _type _T = *p; _exit; } \
	static inline _type class_##_name##_constructor(_init_args) { _type t = _init; return t; }
#define CLASS(_name, var) class_##_name##_t var __cleanup(class_##_name##_destructor) = class_##_name##_constructor
#define __DEFINE_CLASS_IS_CONDITIONAL(_name, _is_cond) \
	static const _Bool class_##_name##_is_conditional = _is_cond
#define DEFINE_GUARD(_name, _type, _lock, _unlock) \
	__DEFINE_CLASS_IS_CONDITIONAL(_name, 0); \
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; }, ({ _lock; _T; }), _type _T); \
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) { return (void *)(unsigned long)*_T; }
#define guard(_name) CLASS(_name, __UNIQUE_ID(guard))
#define __guard_ptr(_name) class_##_name##_lock_ptr
#define __is_cond_ptr(_name) class_##_name##_is_conditional
#define __scoped_guard(_name, _label, args...) \
	for (CLASS(_name, scope)(args); \
	     __guard_ptr(_name)(&scope) || !__is_cond_ptr(_name); \
	     ({ goto _label; })) \
		if (0) { \
_label: \
			break; \
		} else
#define scoped_guard(_name, args...) __scoped_guard(_name, __UNIQUE_ID(label), args)
#define __DEFINE_UNLOCK_GUARD(_name, _type, _unlock, ...) \
	typedef struct { _type *lock; __VA_ARGS__; } class_##_name##_t; \
	static inline void class_##_name##_destructor(class_##_name##_t *_T) { if (_T->lock) { _unlock; } } \
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) { return (void *)_T->lock; }
#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...) \
	__DEFINE_CLASS_IS_CONDITIONAL(_name, 0); \
	__DEFINE_UNLOCK_GUARD(_name, _type, _unlock, __VA_ARGS__) \
	static inline class_##_name##_t class_##_name##_constructor(_type *l) \
	{ class_##_name##_t _t = { .lock = l }, *_T = &_t; _lock; return _t; }
#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...) \
	__DEFINE_CLASS_IS_CONDITIONAL(_name, 0); \
	__DEFINE_UNLOCK_GUARD(_name, void, _unlock, __VA_ARGS__) \
	static inline class_##_name##_t class_##_name##_constructor(void) \
	{ class_##_name##_t _t = { .lock = (void *)1 }, *_T __attribute__((unused)) = &_t; _lock; return _t; }
#endif
