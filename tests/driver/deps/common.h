#pragma once
constexpr int kCommon = 2;
