package dev.modelsphere.swiss.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.kube.KubeTarget;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java half of {@code bench/plans.sh}: composes and diffs plans, and installs a few, over HTTP
 * against one {@code swiss serve}, timing each, and counts what the server sent the API server
 * meanwhile by the flow schemas the script made for its user, one per kind of request ({@link
 * #KINDS}): LISTs, the target, apart from the rest, and the rest by kind so that a phase with more
 * requests than its neighbours says what they were. Not a test: figures to watch.
 *
 * <pre>
 * measure KUBECONFIG BASE_URL NAMESPACE MODEL STAGE REQUESTS INSTALLS USER OUT
 * </pre>
 *
 * The flow schemas are named {@code USER-<kind>}.
 *
 * <p>Appends {@code <stage> <median plan ms> <median diff ms>} to OUT, for the ratio.
 */
public final class PlansBench {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /**
   * Untimed diffs, then plans, before each size's measurement. The plans are many because the JIT
   * is still compiling the plan's path after a few dozen: with 40 of each, the first size (10
   * releases) measured slower than the second (1,000) in every run, which flattered the ratio.
   */
  private static final int WARMUP = 40;

  private static final int WARMUP_PLANS = 1_000;

  /** The kinds of request the script's flow schemas count apart, LIST first. */
  static final List<String> KINDS = List.of("list", "watch", "get", "write", "discovery");

  private PlansBench() {}

  public static void main(String[] args) throws Exception {
    if (!args[0].equals("measure")) {
      throw new IllegalArgumentException("measure, not " + args[0]);
    }
    measure(Arrays.copyOfRange(args, 1, args.length));
    // The client's threads must not keep a finished run alive.
    System.exit(0);
  }

  private static void measure(String[] args) throws Exception {
    String kubeconfig = args[0];
    String base = args[1];
    String namespace = args[2];
    String model = args[3];
    String stage = args[4];
    int requests = Integer.parseInt(args[5]);
    int installs = Integer.parseInt(args[6]);
    String user = args[7];
    Path out = Path.of(args[8]);

    try (KubernetesClient client = new KubeTarget(Path.of(kubeconfig), null).connect()) {
      // Warm-up, untimed and uncounted: the first requests load classes and compile the hot
      // paths, which would otherwise make the first size look slower than the second.
      for (int i = 0; i < WARMUP; i++) {
        diff(base, plan(base, namespace, model, "warm-" + stage, i));
      }
      for (int i = 0; i < WARMUP_PLANS; i++) {
        plan(base, namespace, model, "warm-" + stage, i);
      }

      Counts before = counts(client, user);
      long[] planTimes = new long[requests];
      String[] hashes = new String[requests];
      for (int i = 0; i < requests; i++) {
        long start = System.nanoTime();
        hashes[i] = plan(base, namespace, model, "plan-" + stage, i);
        planTimes[i] = System.nanoTime() - start;
      }
      Counts afterPlans = counts(client, user);
      long[] diffTimes = new long[requests];
      for (int i = 0; i < requests; i++) {
        long start = System.nanoTime();
        diff(base, hashes[i]);
        diffTimes[i] = System.nanoTime() - start;
      }
      Counts afterDiffs = counts(client, user);
      long[] installTimes = new long[installs];
      Counts installCounts = Counts.NONE;
      for (int i = 0; i < installs; i++) {
        String hash = plan(base, namespace, model, "inst-" + stage + "-" + i, 0);
        // Only the install itself is counted: the plan before it is the plans' figure.
        Counts start = counts(client, user);
        long t = System.nanoTime();
        JsonNode installed = post(base, "/api/install", "{\"planHash\": \"%s\"}".formatted(hash));
        installTimes[i] = System.nanoTime() - t;
        if (installed.path("revision").asInt() != 1) {
          throw new IllegalStateException("install answered " + installed);
        }
        installCounts = installCounts.plus(counts(client, user).minus(start));
      }

      Arrays.sort(planTimes);
      Arrays.sort(diffTimes);
      Arrays.sort(installTimes);
      double plan = median(planTimes);
      double diff = median(diffTimes);
      System.out.printf(
          "%s: plan median %.1f ms (p90 %.1f), diff median %.1f ms (p90 %.1f), %d each;"
              + " install median %.0f ms of %d%n",
          stage,
          plan,
          percentile(planTimes, 0.9),
          diff,
          percentile(diffTimes, 0.9),
          requests,
          installs == 0 ? 0 : median(installTimes),
          installs);
      Counts plans = afterPlans.minus(before).per(requests);
      Counts diffs = afterDiffs.minus(afterPlans).per(requests);
      Counts installed = installCounts.per(installs);
      System.out.printf(
          "%s: LIST requests swiss serve sent per plan %.2f, per diff %.2f, per install %.2f"
              + " (target 0); other requests per plan %.2f, per diff %.2f, per install %.2f%n",
          stage,
          plans.lists(),
          diffs.lists(),
          installed.lists(),
          plans.other(),
          diffs.other(),
          installed.other());
      System.out.printf(
          "%s: the other requests by kind, per plan %s; per diff %s; per install %s%n",
          stage, plans.others(), diffs.others(), installed.others());
      Files.writeString(
          out,
          "%s %.3f %.3f%n".formatted(stage, plan, diff),
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    }
  }

  /** Requests by kind, in the order of {@link #KINDS}. */
  private record Counts(double[] byKind) {
    static final Counts NONE = new Counts(new double[KINDS.size()]);

    Counts minus(Counts other) {
      double[] out = byKind.clone();
      Arrays.setAll(out, i -> byKind[i] - other.byKind[i]);
      return new Counts(out);
    }

    Counts plus(Counts other) {
      double[] out = byKind.clone();
      Arrays.setAll(out, i -> byKind[i] + other.byKind[i]);
      return new Counts(out);
    }

    Counts per(int events) {
      double[] out = byKind.clone();
      Arrays.setAll(out, i -> events == 0 ? 0 : byKind[i] / events);
      return new Counts(out);
    }

    double lists() {
      return byKind[0];
    }

    double other() {
      return Arrays.stream(byKind).skip(1).sum();
    }

    /** The kinds other than LIST, each with its figure. */
    String others() {
      StringBuilder out = new StringBuilder();
      for (int i = 1; i < byKind.length; i++) {
        out.append(i == 1 ? "" : ", ").append("%s %.2f".formatted(KINDS.get(i), byKind[i]));
      }
      return out.toString();
    }
  }

  /** swiss serve's requests so far, as its flow schemas have dispatched them. */
  private static Counts counts(KubernetesClient client, String user) {
    String text = client.raw(client.getMasterUrl().toString().replaceAll("/$", "") + "/metrics");
    double[] byKind = new double[KINDS.size()];
    Arrays.setAll(byKind, i -> dispatched(text, user + "-" + KINDS.get(i)));
    return new Counts(byKind);
  }

  private static double dispatched(String metrics, String schema) {
    String prefix =
        "apiserver_flowcontrol_dispatched_requests_total{flow_schema=\"" + schema + "\"";
    double sum = 0;
    for (String line : metrics.split("\n")) {
      if (line.startsWith(prefix)) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }

  /** Composes a plan for a release of its own (never installed: it claims nothing) and its hash. */
  private static String plan(String base, String namespace, String model, String prefix, int i)
      throws Exception {
    String release = "%s-%03d".formatted(prefix, i);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("model", model);
    body.put("namespace", namespace);
    body.put("release", release);
    body.put("serviceId", release);
    body.put("overrides", Map.of("replicaCount", 0));
    JsonNode plan = post(base, "/api/plans", JSON.writeValueAsString(body));
    if (!plan.path("preflight").path("ok").asBoolean(false)) {
      throw new IllegalStateException("preflight did not pass: " + plan.path("preflight"));
    }
    return plan.path("hash").asText();
  }

  private static void diff(String base, String hash) throws Exception {
    post(base, "/api/diff", "{\"planHash\": \"%s\"}".formatted(hash));
  }

  private static JsonNode post(String base, String path, String body) throws Exception {
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) {
      throw new IllegalStateException(
          "POST %s answered %d: %s".formatted(path, answer.statusCode(), answer.body()));
    }
    return JSON.readTree(answer.body());
  }

  private static double median(long[] sorted) {
    return percentile(sorted, 0.5);
  }

  private static double percentile(long[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    int index = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
  }
}
