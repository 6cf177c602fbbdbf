// Model <math.h> for the Syclone device pass: declarations only.
#pragma once
#include <cmath>
float sqrt(float x);
float fabs(float x);
float sin(float x);
float cos(float x);
float tan(float x);
float exp(float x);
float log(float x);
float pow(float x, float y);
float floor(float x);
float ceil(float x);
float fmin(float x, float y);
float fmax(float x, float y);
float abs(float x);
double abs(double x);
bool isnan(double x);
bool isinf(double x);
bool isfinite(double x);
