#include "models/xpfo/XpfoCost.h"

#include <cmath>
#include <limits>

namespace kharden::xpfo {

double ipisPerPage(const XpfoScheme &S, const CountLaw &Law, unsigned Cpus) {
  return Law.ipis(Cpus) / S.Allocation.Batch;
}

double localFlushesPerPage(const XpfoScheme &S, const CountLaw &Law,
                           unsigned Cpus) {
  return Law.localFlushes(Cpus) / S.Allocation.Batch;
}

namespace {

/// Least squares of Y = U + R * X; the sum of squared residuals.
double leastSquares(const std::vector<double> &X, const std::vector<double> &Y,
                    double &U, double &R) {
  double N = X.size(), MeanX = 0, MeanY = 0;
  for (size_t I = 0; I < X.size(); ++I) {
    MeanX += X[I] / N;
    MeanY += Y[I] / N;
  }
  double Sxy = 0, Sxx = 0;
  for (size_t I = 0; I < X.size(); ++I) {
    Sxy += (X[I] - MeanX) * (Y[I] - MeanY);
    Sxx += (X[I] - MeanX) * (X[I] - MeanX);
  }
  R = Sxx > 0 ? Sxy / Sxx : 0;
  U = MeanY - R * MeanX;
  double Sse = 0;
  for (size_t I = 0; I < X.size(); ++I)
    Sse += std::pow(U + R * X[I] - Y[I], 2);
  return Sse;
}

} // namespace

CostFit fitCosts(const Measurements &M, const CountLaw &FlushAll) {
  CostFit F;
  F.Data = &M;
  F.IpisPerFlush = FlushAll.ipis(M.Cpus);
  for (const MeasuredRun &Run : M.Runs)
    F.Measured.push_back(Run.Seconds - M.BaseSeconds);
  auto Design = [&](double Batch) {
    std::vector<double> X;
    for (const MeasuredRun &Run : M.Runs)
      X.push_back(Run.Flushed == Flush::All
                      ? F.IpisPerFlush / (Run.Batched ? Batch : 1)
                      : 0);
    return X;
  };
  bool Batched = false;
  for (const MeasuredRun &Run : M.Runs)
    Batched |= Run.Batched;
  double Best = 1;
  if (Batched) {
    // The residuals as a function of the batch: scan log2(B) over [0, 20]
    // in steps of 1/256, then refine by golden section around the best.
    double BestSse = std::numeric_limits<double>::infinity();
    for (int I = 0; I <= 20 * 256; ++I) {
      double U, R, B = std::exp2(I / 256.0);
      double Sse = leastSquares(Design(B), F.Measured, U, R);
      if (Sse < BestSse) {
        BestSse = Sse;
        Best = B;
      }
    }
    double Lo = std::log2(Best) - 1 / 256.0, Hi = std::log2(Best) + 1 / 256.0;
    const double Phi = (std::sqrt(5.0) - 1) / 2;
    for (int I = 0; I < 60; ++I) {
      double A = Hi - Phi * (Hi - Lo), B = Lo + Phi * (Hi - Lo), U, R;
      if (leastSquares(Design(std::exp2(A)), F.Measured, U, R) <
          leastSquares(Design(std::exp2(B)), F.Measured, U, R))
        Hi = B;
      else
        Lo = A;
    }
    Best = std::exp2((Lo + Hi) / 2);
    F.BatchOfRuns = Best;
  }
  F.IpisPerPage = Design(Best);
  leastSquares(F.IpisPerPage, F.Measured, F.U, F.R);
  for (double X : F.IpisPerPage)
    F.Fitted.push_back(F.overhead(X));
  return F;
}

std::optional<unsigned> CostFit::batchForLimit() const {
  double Limit = Data->OverheadLimitPercent / 100 * Data->BaseSeconds;
  if (U >= Limit)
    return std::nullopt;
  if (R * IpisPerFlush <= Limit - U)
    return 1;
  return unsigned(std::ceil(R * IpisPerFlush / (Limit - U)));
}

} // namespace kharden::xpfo
