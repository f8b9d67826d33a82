package dev.modelsphere.swiss.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The memory soak of {@code bench/soak.sh}: mixed traffic against one running {@code swiss serve}
 * for a while, and the server's memory sampled as it goes. Readers list deployments, nodes, the
 * catalog, the run log and the release's status; a planner composes and diffs plans it never
 * applies; an applier applies a changed plan to one release every few seconds. Every sample prints
 * the resident set (from {@code /proc}), the JVM's heap and non-heap in use and the Helm library's
 * Go memory (both from {@code /metrics}); the end prints the counts, the errors, and whether the
 * resident set stayed within 10 % of its value at the end of the warm-up. It measures; it does not
 * pass or fail.
 *
 * <p>Arguments: base URL, server pid, namespace, release, model, minutes, seconds between samples,
 * seconds between applies, warm-up minutes.
 */
public final class SoakBench {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern METRIC =
      Pattern.compile("^([a-z_]+)\\{([^}]*)} ([0-9.E+-]+)$", Pattern.MULTILINE);
  private static final double MIB = 1024 * 1024;

  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;
  private final String namespace;
  private final String release;
  private final String model;
  private final ConcurrentMap<String, AtomicLong> counts = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, String> lastErrors = new ConcurrentHashMap<>();
  private volatile boolean running = true;

  private SoakBench(String base, String namespace, String release, String model) {
    this.base = base;
    this.namespace = namespace;
    this.release = release;
    this.model = model;
  }

  public static void main(String[] args) throws Exception {
    SoakBench bench = new SoakBench(args[0], args[2], args[3], args[4]);
    long pid = Long.parseLong(args[1]);
    Duration length = Duration.ofMinutes(Long.parseLong(args[5]));
    Duration every = Duration.ofSeconds(Long.parseLong(args[6]));
    Duration applyEvery = Duration.ofSeconds(Long.parseLong(args[7]));
    Duration warmup = Duration.ofMinutes(Long.parseLong(args[8]));
    bench.run(pid, length, every, applyEvery, warmup);
  }

  private void run(long pid, Duration length, Duration every, Duration applyEvery, Duration warmup)
      throws Exception {
    install();
    List<Thread> workers = new ArrayList<>();
    workers.add(new Thread(this::read, "reader-1"));
    workers.add(new Thread(this::read, "reader-2"));
    workers.add(new Thread(this::plan, "planner"));
    workers.add(new Thread(() -> apply(applyEvery), "applier"));
    workers.forEach(Thread::start);

    System.out.printf(
        "%8s %9s %9s %9s %9s %9s %9s %8s %7s%n",
        "minute",
        "rss MiB",
        "heap MiB",
        "nonheap",
        "go MiB",
        "go heap",
        "requests",
        "applies",
        "errors");
    List<double[]> samples = new ArrayList<>();
    long start = System.nanoTime();
    long end = start + length.toNanos();
    while (System.nanoTime() < end) {
      Thread.sleep(every.toMillis());
      double minute = (System.nanoTime() - start) / 60e9;
      double[] sample = sample(pid, minute);
      samples.add(sample);
      System.out.printf(
          "%8.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9d %8d %7d%n",
          sample[0],
          sample[1],
          sample[2],
          sample[3],
          sample[4],
          sample[5],
          total(),
          count("apply"),
          errors());
    }
    running = false;
    for (Thread worker : workers) {
      worker.join();
    }
    summary(samples, warmup.toMinutes());
  }

  /** minute, RSS, JVM heap used, JVM non-heap used, Go mapped, Go heap (MiB). */
  private double[] sample(long pid, double minute) throws IOException {
    String status = Files.readString(Path.of("/proc/" + pid + "/status"));
    Matcher rss = Pattern.compile("VmRSS:\\s+(\\d+) kB").matcher(status);
    double rssMib = rss.find() ? Long.parseLong(rss.group(1)) / 1024.0 : Double.NaN;
    Map<String, Double> metrics = metrics();
    return new double[] {
      minute,
      rssMib,
      metrics.getOrDefault("heap", 0.0) / MIB,
      metrics.getOrDefault("nonheap", 0.0) / MIB,
      metrics.getOrDefault("go-mapped", 0.0) / MIB,
      metrics.getOrDefault("go-heap", 0.0) / MIB
    };
  }

  private Map<String, Double> metrics() {
    String text = get("/metrics", "metrics").body();
    Map<String, Double> sums = new LinkedHashMap<>();
    Matcher m = METRIC.matcher(text);
    while (m.find()) {
      String name = m.group(1);
      String labels = m.group(2);
      double value = Double.parseDouble(m.group(3));
      if (name.equals("jvm_memory_used_bytes")) {
        sums.merge(labels.contains("area=\"heap\"") ? "heap" : "nonheap", value, Double::sum);
      } else if (name.equals("swiss_helm_native_memory_bytes")) {
        if (labels.contains("part=\"mapped\"")) {
          sums.put("go-mapped", value);
        } else if (labels.contains("part=\"heap\"")) {
          sums.put("go-heap", value);
        }
      }
    }
    return sums;
  }

  private void summary(List<double[]> samples, long warmupMinutes) {
    List<double[]> after = samples.stream().filter(s -> s[0] >= warmupMinutes).toList();
    System.out.printf(
        "%nrequests %d (%s), applies %d, errors %d%n", total(), counts, count("apply"), errors());
    lastErrors.forEach((kind, error) -> System.out.printf("  last %s error: %s%n", kind, error));
    if (after.size() < 2) {
      System.out.println("too few samples after the warm-up to judge the resident set");
      return;
    }
    double first = after.get(0)[1];
    double min = after.stream().mapToDouble(s -> s[1]).min().orElseThrow();
    double max = after.stream().mapToDouble(s -> s[1]).max().orElseThrow();
    double last = after.get(after.size() - 1)[1];
    double maxHeap = after.stream().mapToDouble(s -> s[2]).max().orElseThrow();
    double maxGo = after.stream().mapToDouble(s -> s[4]).max().orElseThrow();
    System.out.printf(
        "resident set after the %d-minute warm-up: %.1f MiB at its end, %.1f to %.1f MiB since,"
            + " %.1f MiB at the last sample; spread %.1f %% of the first (target: within 10 %%)%n",
        warmupMinutes, first, min, max, last, 100 * (max - min) / first);
    System.out.printf(
        "largest JVM heap in use %.1f MiB; largest Go mapping %.1f MiB%n", maxHeap, maxGo);
  }

  // --- traffic ----------------------------------------------------------------------------------

  private void read() {
    String status = "/api/releases/%s/%s/status".formatted(namespace, release);
    List<String> paths =
        List.of("/api/deployments", "/api/nodes", "/api/catalog", "/api/runs", status);
    int i = 0;
    while (running) {
      String path = paths.get(i++ % paths.size());
      get(path, path.equals(status) ? "status" : "list");
    }
  }

  private void plan() {
    int i = 0;
    while (running) {
      JsonNode plan =
          post(
              "/api/plans",
              planBody(
                  Map.of(
                      "replicaCount",
                      0,
                      "podLabels",
                      Map.of("swiss-soak-plan", Integer.toString(i++ % 50)))),
              "plan");
      if (plan != null) {
        post("/api/diff", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()), "diff");
      }
    }
  }

  private void apply(Duration every) {
    int flips = 0;
    while (running) {
      long started = System.nanoTime();
      String flip = flips++ % 2 == 0 ? "b" : "a";
      JsonNode plan =
          post(
              "/api/plans",
              planBody(Map.of("replicaCount", 0, "podLabels", Map.of("swiss-soak-flip", flip))),
              "plan");
      if (plan != null) {
        post("/api/apply", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()), "apply");
      }
      sleepRest(started, every);
    }
  }

  private void install() {
    JsonNode plan =
        post(
            "/api/plans",
            planBody(Map.of("replicaCount", 0, "podLabels", Map.of("swiss-soak-flip", "a"))),
            "plan");
    if (plan == null
        || post(
                "/api/install",
                "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()),
                "install")
            == null) {
      throw new IllegalStateException("could not install the soak's release: " + lastErrors);
    }
  }

  private String planBody(Map<String, Object> overrides) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("model", model);
    body.put("namespace", namespace);
    body.put("release", release);
    body.put("serviceId", release);
    body.put("overrides", overrides);
    try {
      return JSON.writeValueAsString(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HttpResponse<String> get(String path, String kind) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), kind);
  }

  /** The answer's JSON on a 200; null (counted as an error) otherwise. */
  private JsonNode post(String path, String body, String kind) {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)),
            kind);
    if (response == null || response.statusCode() != 200) {
      return null;
    }
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      return null;
    }
  }

  private HttpResponse<String> send(HttpRequest.Builder request, String kind) {
    counts.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
    try {
      HttpResponse<String> response =
          http.send(
              request.timeout(Duration.ofSeconds(60)).build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        error(kind, response.statusCode() + " " + abbreviate(response.body()));
      }
      return response;
    } catch (IOException e) {
      error(kind, e.toString());
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void error(String kind, String what) {
    counts.computeIfAbsent("errors", k -> new AtomicLong()).incrementAndGet();
    lastErrors.put(kind, what);
  }

  private long count(String kind) {
    AtomicLong n = counts.get(kind);
    return n == null ? 0 : n.get();
  }

  private long errors() {
    return count("errors");
  }

  private long total() {
    return counts.entrySet().stream()
        .filter(e -> !e.getKey().equals("errors"))
        .mapToLong(e -> e.getValue().get())
        .sum();
  }

  private static String abbreviate(String text) {
    String line = text.replaceAll("\\s+", " ");
    return line.length() > 200 ? line.substring(0, 200) + "…" : line;
  }

  private static void sleepRest(long startedNanos, Duration every) {
    long left = every.toMillis() - (System.nanoTime() - startedNanos) / 1_000_000;
    if (left > 0) {
      try {
        Thread.sleep(left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
