// Read by the device pass only (included under __SYCL_DEVICE_ONLY__).
#pragma once
constexpr int kDevice = 3;
