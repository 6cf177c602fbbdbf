// Model <sys/time.h> for the Syclone device pass: declarations only.
#pragma once
#include <ctime>
struct timeval {
    long tv_sec;
    long tv_usec;
};
struct timezone {
    int tz_minuteswest;
    int tz_dsttime;
};
int gettimeofday(struct timeval* tv, struct timezone* tz);
