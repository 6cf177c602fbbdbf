// Model <sys/types.h> for the Syclone device pass: the glibc short names
// for unsigned types (g++ defines _GNU_SOURCE, and <stdlib.h> includes this
// header, so host code sees them after almost any standard header), and
// the POSIX thread types glibc declares here too.
#pragma once
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;
typedef long ssize_t;
typedef long off_t;
typedef int pid_t;
#include <pthread.h>
