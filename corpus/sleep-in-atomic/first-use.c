// A branch taken where a field of the callers' object is zero, which sets
// that field, is the object's first use: the set-up runs once in the
// object's life, and whether this call is the first is the object's state,
// which no caller's code shows (arm64 KVM's vgic_lazy_init(): `if
// (unlikely(!vgic_initialized(kvm)))` before vgic_init() sets
// `dist->initialized`, reached from the timer's hard IRQ on a running VM).
// A sleep there is a possible one, a note: down the chain, with the field
// set in the branch itself, on the false edge of a test, of a global. A
// function that refuses an object already set up (relay_late_setup_files()'s
// `return -EEXIST;`) sets it up on every call that succeeds: its sleep is
// a warning, as are a wait for a field something else sets, a branch that
// sets another field or zero, a test of what the function itself stored
// in the field (a lookup's result), and a sleep after the branches join.
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s -- %kflags | FileCheck %s %strict
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s --check-prefix=DEFAULT %strict
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

struct dist {
	bool initialized;
	int model;
};

struct vm {
	struct dist dist;
	struct mutex config_lock;
	bool ready;
	bool other;
};

static spinlock_t lock;

#define vm_initialized(k) ((k)->dist.initialized)

static int setup_dist(struct vm *vm)
{
	struct dist *dist = &vm->dist;

	if (dist->model < 0)
		return -1;
	dist->initialized = true;
	return 0;
}

static int lazy_init(struct vm *vm)
{
	int ret = 0;

	if (unlikely(!vm_initialized(vm))) {
		mutex_lock(&vm->config_lock);
		ret = setup_dist(vm);
		mutex_unlock(&vm->config_lock);
	}
	return ret;
}

static int inject(struct vm *vm)
{
	return lazy_init(vm);
}

void timer_fired(struct vm *vm)
{
	spin_lock(&lock);
	inject(vm);
	spin_unlock(&lock);
}

void first_ready(struct vm *vm)
{
	spin_lock(&lock);
	if (!vm->ready) {
		msleep(1);
		vm->ready = true;
	}
	spin_unlock(&lock);
}

static void ready_once(struct vm *vm)
{
	if (vm->ready)
		goto out;
	mutex_lock(&vm->config_lock);
	vm->ready = 1;
	mutex_unlock(&vm->config_lock);
out:
	vm->other = 1;
}

void use_ready(struct vm *vm)
{
	spin_lock(&lock);
	ready_once(vm);
	spin_unlock(&lock);
}

static int claim(struct vm *vm)
{
	if (vm->ready)
		return -17;
	vm->ready = 1;
	mutex_lock(&vm->config_lock);
	mutex_unlock(&vm->config_lock);
	return 0;
}

void use_claim(struct vm *vm)
{
	spin_lock(&lock);
	claim(vm);
	spin_unlock(&lock);
}

static struct {
	bool done;
	struct mutex lock;
} table;

void table_once(void)
{
	spin_lock(&lock);
	if (!table.done) {
		mutex_lock(&table.lock);
		table.done = true;
		mutex_unlock(&table.lock);
	}
	spin_unlock(&lock);
}

void wait_ready(struct vm *vm)
{
	spin_lock(&lock);
	while (!vm->ready)
		msleep(1);
	spin_unlock(&lock);
}

void sets_other(struct vm *vm)
{
	spin_lock(&lock);
	if (!vm->ready) {
		msleep(1);
		vm->other = true;
	}
	spin_unlock(&lock);
}

void sets_zero(struct vm *vm)
{
	spin_lock(&lock);
	if (!vm->ready) {
		msleep(1);
		vm->ready = false;
	}
	spin_unlock(&lock);
}

struct holder {
	struct vm *vm;
};

struct vm *find_vm(int id);

void looked_up(struct holder *h, int id)
{
	spin_lock(&lock);
	h->vm = find_vm(id);
	if (!h->vm) {
		msleep(1);
		h->vm = find_vm(0);
	}
	spin_unlock(&lock);
}

void sleeps_after(struct vm *vm)
{
	spin_lock(&lock);
	if (!vm->ready)
		vm->ready = true;
	msleep(1);
	spin_unlock(&lock);
}
// CHECK: first-use.c:66:2: note: 'inject()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:65:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:60:9: note: 'lazy_init()' called here may sleep
// CHECK: first-use.c:51:3: note: 'mutex_lock()' may sleep here
// CHECK: first-use.c:50:6: note: the object's first use: 'unlikely(!vm_initialized(vm))' finds 'dist.initialized' zero, and this branch sets it: whether the object is already set up is its state, so the sleep is a possible one
// CHECK: first-use.c:74:3: note: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:72:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:73:6: note: the object's first use: '!vm->ready' finds 'ready' zero, and this branch sets it: whether the object is already set up is its state, so the sleep is a possible one
// CHECK: first-use.c:94:2: note: 'ready_once()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:93:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:84:2: note: 'mutex_lock()' may sleep here
// CHECK: first-use.c:82:6: note: the object's first use: 'vm->ready' finds 'ready' zero, and this branch sets it: whether the object is already set up is its state, so the sleep is a possible one
// CHECK: first-use.c:111:2: warning: 'claim()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:110:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:103:2: note: 'mutex_lock()' may sleep here
// CHECK: first-use.c:124:3: note: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:122:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:123:6: note: the object's first use: '!table.done' finds 'done' zero, and this branch sets it: whether the object is already set up is its state, so the sleep is a possible one
// CHECK: first-use.c:135:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:133:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:143:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:141:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:153:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:151:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:170:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:167:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: first-use.c:181:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: first-use.c:178:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: first-use.c:111:2: warning: 'claim()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: first-use.c:110:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: first-use.c:103:2: note: 'mutex_lock()' may sleep here
// DEFAULT: first-use.c:135:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: first-use.c:133:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: first-use.c:143:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: first-use.c:141:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: first-use.c:153:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: first-use.c:151:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: first-use.c:170:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: first-use.c:167:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: first-use.c:181:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: first-use.c:178:2: note: atomic region begun here by 'spin_lock(&lock)'
