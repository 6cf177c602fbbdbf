// Model <unistd.h> (POSIX) for the Syclone device pass: declarations only.
#pragma once
#include <cstddef>
#include <sys/types.h>
extern char* optarg;
extern int optind;
extern int opterr;
extern int optopt;
int getopt(int argc, char* const argv[], const char* optstring);
unsigned sleep(unsigned seconds);
int usleep(unsigned usec);
int access(const char* path, int mode);
int close(int fd);
int dup(int fd);
int dup2(int fd, int fd2);
ssize_t read(int fd, void* buf, size_t n);
ssize_t write(int fd, const void* buf, size_t n);
long sysconf(int name);
int gethostname(char* name, size_t n);
pid_t getpid();
char* getcwd(char* buf, size_t n);
int unlink(const char* path);
#define F_OK 0
#define R_OK 4
#define W_OK 2
#define X_OK 1
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PAGESIZE 30
