// Model <sys/times.h> for the Syclone device pass: declarations only (the
// process times benchmark timers read).
#pragma once
#include <ctime>
struct tms {
    clock_t tms_utime;
    clock_t tms_stime;
    clock_t tms_cutime;
    clock_t tms_cstime;
};
extern "C" clock_t times(struct tms* buffer);
