package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The Nodes page's GPU allocation over time, as one process keeps it from its watches. */
class GpuUseHistoryTest {
  private static final Instant START = Instant.parse("2026-12-02T08:00:00Z");
  private static final Duration WINDOW = Duration.ofHours(8);

  private final MovableClock clock = new MovableClock(START);
  private final AtomicReference<NodesReport.Summary> now = new AtomicReference<>(used(0, 0));
  private final GpuUseHistory history =
      new GpuUseHistory(
          () -> {
            NodesReport.Summary summary = now.get();
            if (summary == null) {
              throw new KubeException("list nodes: the API server has not answered");
            }
            return summary;
          },
          WINDOW,
          clock);

  /** 24 H100s and 8 B300s, {@code h100} and {@code b300} of them held. */
  private static NodesReport.Summary used(int h100, int b300) {
    return new NodesReport.Summary(
        4,
        32,
        h100 + b300,
        32,
        32 - h100 - b300,
        List.of(
            new NodesReport.Product("NVIDIA-B300-SXM6-AC", "nvidia.com/gpu", 1, 8, b300, 8 - b300),
            new NodesReport.Product(
                "NVIDIA-H100-80GB-HBM3", "nvidia.com/gpu", 3, 24, h100, 24 - h100)));
  }

  private List<Integer> usedOverTime() {
    return history.report().points().stream().map(GpuUseHistory.Point::gpusUsed).toList();
  }

  @Test
  void eachChangeOfTheAllocationIsAPointAndTheReportEndsWithNow() {
    history.record();
    clock.advance(Duration.ofMinutes(5));
    now.set(used(2, 0));
    history.record();
    clock.advance(Duration.ofMinutes(5));
    now.set(used(2, 4));
    clock.advance(Duration.ofMinutes(1));

    GpuUseHistory.Report report = history.report();

    assertThat(report.windowSeconds()).isEqualTo(WINDOW.toSeconds());
    assertThat(report.points())
        .extracting(GpuUseHistory.Point::at)
        .containsExactly(START, START.plus(Duration.ofMinutes(5)), START.plusSeconds(660));
    assertThat(report.points()).extracting(GpuUseHistory.Point::gpusUsed).containsExactly(0, 2, 6);
    assertThat(report.points().get(2).products())
        .extracting(GpuUseHistory.Product::product, GpuUseHistory.Product::gpusUsed)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("NVIDIA-B300-SXM6-AC", 4),
            org.assertj.core.groups.Tuple.tuple("NVIDIA-H100-80GB-HBM3", 2));
  }

  @Test
  void aChangeThatLeavesTheAllocationAsItWasTakesNoPoint() {
    history.record();
    clock.advance(Duration.ofMinutes(3));
    history.record();
    clock.advance(Duration.ofMinutes(3));
    history.record();

    assertThat(usedOverTime()).as("the one point, then now").containsExactly(0, 0);
  }

  @Test
  void pointsOlderThanTheWindowGoButTheOneSayingHowItBeganStays() {
    history.record();
    clock.advance(Duration.ofHours(1));
    now.set(used(1, 0));
    history.record();
    clock.advance(Duration.ofHours(1));
    now.set(used(3, 0));
    history.record();
    clock.advance(WINDOW.minus(Duration.ofMinutes(30)));

    // The first point is more than a window old and the second marks the window's start.
    assertThat(usedOverTime()).containsExactly(1, 3, 3);
  }

  @Test
  void anInventoryThatCannotBeReadLeavesTheHistoryAsItWas() {
    history.record();
    now.set(null);
    clock.advance(Duration.ofMinutes(1));

    history.record();
    now.set(used(0, 0));

    assertThat(usedOverTime()).containsExactly(0, 0);
  }
}
