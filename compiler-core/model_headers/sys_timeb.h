// Model <sys/timeb.h> for the Syclone device pass: declarations only (glibc's
// obsolete millisecond clock, still used by benchmark timers).
#pragma once
#include <ctime>
struct timeb {
    time_t time;
    unsigned short millitm;
    short timezone;
    short dstflag;
};
extern "C" int ftime(struct timeb* tp);
