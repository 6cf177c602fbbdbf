// Read by the host pass only.
#pragma once
constexpr int kHost = 3;
