package dev.modelsphere.swiss.kube;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * How many GPUs were allocated over the last hours, per product, kept by this process from its own
 * node and pod watches, so the Nodes page can draw it with no Prometheus behind swiss. A point is
 * taken whenever the inventory may read differently (a burst of changes is one point); the use
 * between two points is the earlier one's (a step). Each replica keeps its own: they watch the same
 * cluster, so they agree.
 */
public final class GpuUseHistory implements AutoCloseable {
  /** The closest two points may be: one install moves the counts several times in a second. */
  static final Duration RESOLUTION = Duration.ofSeconds(10);

  private final Supplier<NodesReport.Summary> inventory;
  private final Duration window;
  private final Clock clock;
  private final Deque<Point> points = new ArrayDeque<>();
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread t = new Thread(runnable, "swiss-gpu-history");
            t.setDaemon(true);
            return t;
          });

  /** The allocation at one moment: every GPU, then each named product. */
  public record Point(Instant at, int gpus, int gpusUsed, List<Product> products) {
    public Point {
      products = List.copyOf(products);
    }
  }

  /** One product's GPUs at a point. */
  public record Product(String product, String resource, int gpus, int gpusUsed) {}

  /**
   * The answer of {@code GET /api/nodes/history}: the points of the window, oldest first; the last
   * is the allocation now.
   *
   * @param windowSeconds how far back points are kept
   */
  public record Report(long windowSeconds, List<Point> points) {
    public Report {
      points = List.copyOf(points);
    }
  }

  /**
   * @param inventory the current totals; read on {@link #record} and {@link #report}, never on a
   *     watch's thread
   * @param window how far back points are kept
   */
  public GpuUseHistory(Supplier<NodesReport.Summary> inventory, Duration window, Clock clock) {
    this.inventory = inventory;
    this.window = window;
    this.clock = clock;
  }

  /**
   * Takes a point once the inventory can first be read, then after each change {@code nodes}
   * reports, on the history's own thread (a watch's thread must not compute the inventory); a burst
   * of changes is one point, taken at most {@link #RESOLUTION} after the previous one. Until {@link
   * #close}.
   */
  public GpuUseHistory follow(NodeInventory nodes) {
    AtomicBoolean pending = new AtomicBoolean();
    nodes.onChange(
        revision -> {
          if (pending.compareAndSet(false, true)) {
            try {
              thread.schedule(
                  () -> {
                    pending.set(false);
                    record();
                  },
                  untilResolution().toMillis(),
                  TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closed) {
              pending.set(false);
            }
          }
        });
    thread.execute(this::recordFirst);
    return this;
  }

  /** The first point, tried each second until the node watch has listed the nodes. */
  private void recordFirst() {
    record();
    boolean empty;
    synchronized (points) {
      empty = points.isEmpty();
    }
    if (empty && !thread.isShutdown()) {
      thread.schedule(this::recordFirst, 1, TimeUnit.SECONDS);
    }
  }

  /** How long until a point may be taken: a point per {@link #RESOLUTION} at most. */
  private Duration untilResolution() {
    synchronized (points) {
      Point last = points.peekLast();
      if (last == null) {
        return Duration.ZERO;
      }
      Duration since = Duration.between(last.at(), clock.instant());
      return since.compareTo(RESOLUTION) >= 0 ? Duration.ZERO : RESOLUTION.minus(since);
    }
  }

  /** Stops taking points. */
  @Override
  public void close() {
    thread.shutdownNow();
  }

  /**
   * Takes a point now, when the inventory can be read; a failed read leaves the history as it is.
   */
  public void record() {
    Point now;
    try {
      now = point(inventory.get(), clock.instant());
    } catch (KubeException e) {
      return;
    }
    synchronized (points) {
      Point last = points.peekLast();
      if (last != null && sameUse(last, now)) {
        return;
      }
      points.addLast(now);
      prune(now.at());
    }
  }

  /** The window's points, and one for now: a chart reaches the present even when nothing moved. */
  public Report report() {
    Instant now = clock.instant();
    Point current = point(inventory.get(), now);
    synchronized (points) {
      prune(now);
      List<Point> kept = new ArrayList<>(points);
      kept.add(current);
      return new Report(window.toSeconds(), kept);
    }
  }

  /**
   * Drops what fell out of the window, but keeps the newest point older than it: it says what the
   * use was when the window begins.
   */
  private void prune(Instant now) {
    Instant start = now.minus(window);
    while (points.size() > 1) {
      Point first = points.removeFirst();
      if (!points.peekFirst().at().isBefore(start)) {
        points.addFirst(first);
        return;
      }
    }
  }

  private static boolean sameUse(Point a, Point b) {
    return a.gpus() == b.gpus()
        && a.gpusUsed() == b.gpusUsed()
        && a.products().equals(b.products());
  }

  private static Point point(NodesReport.Summary summary, Instant at) {
    List<Product> products =
        summary.products() == null
            ? List.of()
            : summary.products().stream()
                .map(
                    p ->
                        new Product(
                            p.product(),
                            p.resource(),
                            p.gpus(),
                            p.gpusUsed() == null ? 0 : p.gpusUsed()))
                .toList();
    return new Point(at, summary.gpus(), summary.gpusUsed(), products);
  }
}
