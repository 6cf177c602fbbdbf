// Model <pthread.h> for the Syclone device pass: the POSIX thread types and
// functions host code of ported benchmarks declares and calls (never device
// code), as opaque types.
#pragma once
#include <stddef.h>
typedef unsigned long pthread_t;
typedef struct { long __opaque[5]; } pthread_mutex_t;
typedef struct { int __opaque; } pthread_mutexattr_t;
typedef struct { long __opaque[6]; } pthread_cond_t;
typedef struct { int __opaque; } pthread_condattr_t;
typedef struct { long __opaque[4]; } pthread_barrier_t;
typedef struct { int __opaque; } pthread_barrierattr_t;
typedef struct { long __opaque[7]; } pthread_attr_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
#define PTHREAD_MUTEX_INITIALIZER {{0, 0, 0, 0, 0}}
#define PTHREAD_COND_INITIALIZER {{0, 0, 0, 0, 0, 0}}
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_BARRIER_SERIAL_THREAD -1
extern "C" {
int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg);
int pthread_join(pthread_t thread, void **result);
int pthread_detach(pthread_t thread);
pthread_t pthread_self();
void pthread_exit(void *result);
int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *mutex);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);
int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *cond);
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);
int pthread_barrier_init(pthread_barrier_t *barrier, const pthread_barrierattr_t *attr, unsigned count);
int pthread_barrier_destroy(pthread_barrier_t *barrier);
int pthread_barrier_wait(pthread_barrier_t *barrier);
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);
int pthread_once(pthread_once_t *once, void (*init)());
}
