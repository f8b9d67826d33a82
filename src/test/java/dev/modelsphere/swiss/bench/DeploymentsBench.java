package dev.modelsphere.swiss.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.ExamplePlans;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java half of {@code bench/deployments.sh}: seeds managed releases into the local API server
 * in parallel, and times {@code /api/deployments} pages while counting what they cost the API
 * server (its own {@code apiserver_request_total}). Not a test: figures to watch.
 *
 * <pre>
 * seed  KUBECONFIG RUN_LABEL NAMESPACE... -- RELEASES THREADS
 * pages KUBECONFIG BASE_URL REQUESTS PER_PAGE TOTAL_RELEASES
 * </pre>
 */
public final class DeploymentsBench {
  /** The label on every namespace a run creates; the script deletes by it. */
  static final String RUN_LABEL = "swiss-bench-run";

  /** Stand-ins in the manifest rendered once, replaced per release; valid names for helm. */
  private static final String RELEASE_MARK = "zzbenchreleasezz";

  private static final String NAMESPACE_MARK = "zzbenchnamespacezz";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The key under which swiss serve's own requests (its flow schema's) are counted. */
  private static final String SERVE = "(swiss serve)";

  private DeploymentsBench() {}

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "seed" -> seed(Arrays.copyOfRange(args, 1, args.length));
      case "pages" -> pages(Arrays.copyOfRange(args, 1, args.length));
      default -> throw new IllegalArgumentException("seed or pages, not " + args[0]);
    }
    // The client's and the Helm library's threads must not keep a finished run alive.
    System.exit(0);
  }

  /** A client for the kubeconfig, built as swiss builds its own. */
  private static KubernetesClient client(String kubeconfig) {
    return new KubeTarget(Path.of(kubeconfig), null).connect();
  }

  // --- seed -------------------------------------------------------------------------------------

  private static void seed(String[] args) throws Exception {
    String kubeconfig = args[0];
    String run = args[1];
    List<String> namespaces = new ArrayList<>();
    int i = 2;
    for (; !args[i].equals("--"); i++) {
      namespaces.add(args[i]);
    }
    int releases = Integer.parseInt(args[i + 1]);
    int threads = Integer.parseInt(args[i + 2]);

    try (KubernetesClient client = client(kubeconfig)) {
      Kube kube = new Kube(client);
      boolean hadCrd =
          client
                  .apiextensions()
                  .v1()
                  .customResourceDefinitions()
                  .withName(Crds.llmService().getMetadata().getName())
                  .get()
              != null;
      if (!hadCrd) {
        // As a site with the operator has it, and as the tests install it; cluster-wide and shared
        // with the tests, so it is left in place afterwards.
        Crds.installLlmService(client);
      }
      System.out.printf(
          "LLMService CRD: %s%n", hadCrd ? "present" : "installed (left in place: tests share it)");

      String manifest = exampleManifest();
      long start = System.nanoTime();
      for (String namespace : namespaces) {
        client
            .namespaces()
            .resource(
                new NamespaceBuilder()
                    .withNewMetadata()
                    .withName(namespace)
                    .addToLabels(RUN_LABEL, run)
                    .endMetadata()
                    .build())
            .create();
      }
      // Daemon threads: a failed write ends the run instead of leaving the JVM waiting on the pool.
      ExecutorService pool =
          Executors.newFixedThreadPool(
              threads,
              task -> {
                Thread thread = new Thread(task, "seed");
                thread.setDaemon(true);
                return thread;
              });
      PlanStatus applied =
          new PlanStatus("applied", "install", 1, "2026-12-01T08:00:00Z", "", "", "", false);
      // The plans are composed first, so the figure below is what the API server takes.
      List<Future<Map<String, String>>> composed = new ArrayList<>();
      for (int r = 0; r < releases; r++) {
        String namespace = namespaces.get(r % namespaces.size());
        String release = release(r);
        composed.add(
            pool.submit(
                () -> {
                  Plan plan = ExamplePlans.sglang(release, namespace, "replicaCount: 1");
                  Map<String, String> files = new LinkedHashMap<>(PlanFiles.files(plan, ""));
                  files.put(PlanStatus.FILE, applied.toYaml());
                  return files;
                }));
      }
      List<Map<String, String>> planFiles = new ArrayList<>();
      for (Future<Map<String, String>> f : composed) {
        planFiles.add(f.get());
      }
      double composeSeconds = (System.nanoTime() - start) / 1e9;
      long sent = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int r = 0; r < releases; r++) {
        String namespace = namespaces.get(r % namespaces.size());
        String release = release(r);
        Map<String, String> files = planFiles.get(r);
        done.add(
            pool.submit(
                () -> {
                  kube.putConfigMap(namespace, PlanConfigMapName.of(release).toString(), files);
                  HelmSecrets.store(
                      kube,
                      namespace,
                      release,
                      1,
                      "deployed",
                      manifest.replace(RELEASE_MARK, release).replace(NAMESPACE_MARK, namespace));
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      pool.shutdown();
      double sendSeconds = (System.nanoTime() - sent) / 1e9;
      System.out.printf(
          "seeded: %d releases (%d plan ConfigMaps + %d helm Secrets of %d KiB manifest) in %d"
              + " namespaces in %.1f s: %.1f s composing the plans, %.1f s writing (%.0f objects/s,"
              + " %d threads)%n",
          releases,
          releases,
          releases,
          manifest.length() / 1024,
          namespaces.size(),
          composeSeconds + sendSeconds,
          composeSeconds,
          sendSeconds,
          2 * releases / sendSeconds,
          threads);
    }
  }

  private static String release(int r) {
    return "rel-%04d".formatted(r);
  }

  /**
   * The example chart rendered once, with placeholders for release and namespace, so each helm
   * Secret carries a manifest of the size a real one would.
   */
  private static String exampleManifest() throws Exception {
    Plan plan = ExamplePlans.sglang(RELEASE_MARK, NAMESPACE_MARK, "replicaCount: 1");
    try {
      return new ChartRenderer(new ChartArchives(Files.createTempDirectory("bench-charts-")))
          .render(PlanCharts.request(plan, null));
    } catch (RuntimeException e) {
      System.out.println("manifest: could not render the example chart (" + e + "); none stored");
      return "";
    }
  }

  // --- pages ------------------------------------------------------------------------------------

  private static void pages(String[] args) throws Exception {
    String kubeconfig = args[0];
    String base = args[1];
    int requests = Integer.parseInt(args[2]);
    int perPage = Integer.parseInt(args[3]);
    int total = Integer.parseInt(args[4]);
    String flowSchema = args[5];
    int pageCount = Math.max(1, (total + perPage - 1) / perPage);
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    Random random = new Random(8);
    // Every page at least once, in a shuffled order, then random pages up to the count.
    List<Integer> order = new ArrayList<>();
    for (int p = 1; p <= pageCount; p++) {
      order.add(p);
    }
    java.util.Collections.shuffle(order, random);
    while (order.size() < requests) {
      order.add(1 + random.nextInt(pageCount));
    }
    order = order.subList(0, requests);

    try (KubernetesClient client = client(kubeconfig)) {
      Map<String, Double> before = apiRequests(client, flowSchema);
      long[] times = new long[requests];
      Map<Integer, Integer> codes = new TreeMap<>();
      long bytes = 0;
      int complete = 0;
      long wall = System.nanoTime();
      for (int i = 0; i < requests; i++) {
        HttpRequest request =
            HttpRequest.newBuilder(
                    URI.create(
                        base + "/api/deployments?page=" + order.get(i) + "&perPage=" + perPage))
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build();
        long start = System.nanoTime();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        times[i] = System.nanoTime() - start;
        codes.merge(response.statusCode(), 1, Integer::sum);
        bytes += response.body().length();
        if (response.statusCode() == 200
            && isComplete(response.body(), order.get(i), perPage, total)) {
          complete++;
        }
      }
      wall = System.nanoTime() - wall;
      Map<String, Double> after = apiRequests(client, flowSchema);
      // The same length of time with no page requests: what the rest of the cluster (controllers,
      // kwok's node leases, the server's own watches, other users) costs meanwhile.
      Thread.sleep(wall / 1_000_000);
      Map<String, Double> idle = apiRequests(client, flowSchema);

      Map<String, Double> during = delta(before, after);
      Map<String, Double> baseline = delta(after, idle);
      double serveBefore = before.getOrDefault(SERVE, 0.0);
      double serveDuring = during.getOrDefault(SERVE, 0.0);
      double serveIdle = baseline.getOrDefault(SERVE, 0.0);
      during.remove(SERVE);
      baseline.remove(SERVE);
      double duringSum = sum(during);
      double baselineSum = sum(baseline);
      // Every client of the API server is counted, so this is an upper bound on what the pages
      // cost. A WATCH is counted when it ends, so one that ends during the pages was open before
      // them; the other requests are what a page itself could have made.
      double shortDuring = sum(withoutWatches(during));

      long[] sorted = times.clone();
      Arrays.sort(sorted);
      System.out.printf(
          "page requests: %d over %d pages of %d (%.1f s), status codes %s, %.0f bytes per answer,"
              + " %d answers with every row and a total of %d%n",
          requests,
          pageCount,
          perPage,
          wall / 1e9,
          codes,
          (double) bytes / requests,
          complete,
          total);
      System.out.printf(
          "page latency: median %.1f ms (target < 50 ms), p99 %.1f ms (target < 200 ms);"
              + " first %.1f ms, max %.1f ms%n",
          percentile(sorted, 0.50),
          percentile(sorted, 0.99),
          times[0] / 1e6,
          sorted[sorted.length - 1] / 1e6);
      System.out.printf(
          "API server requests per page made by swiss serve: %.3f (target 0) -- %.0f during the %d"
              + " pages, %.0f in an equal idle window after, %.0f before the pages (its start:"
              + " lists, watches, readiness checks); counted by its own user's flow schema %s%n",
          serveDuring / requests, serveDuring, requests, serveIdle, serveBefore, flowSchema);
      if (serveBefore == 0) {
        System.out.println(
            "  WARNING: the flow schema counted nothing before the pages either: swiss serve's"
                + " requests were not attributed to it, so the figure above means nothing");
      }
      System.out.printf(
          "API server requests per page from every client: %.3f, %.3f not counting WATCH ends --"
              + " %.0f requests from all clients during the %d pages (%.0f not WATCH), %.0f in an"
              + " equal idle window after; the /metrics scrapes left out%n",
          duringSum / requests,
          shortDuring / requests,
          duringSum,
          requests,
          shortDuring,
          baselineSum);
      System.out.println("  during the pages: " + describe(during));
      System.out.println("  idle window:      " + describe(baseline));
    }
  }

  /** Whether the answer lists the rows of its page and counts every release in its summary. */
  private static boolean isComplete(String body, int page, int perPage, int total) {
    try {
      JsonNode answer = JSON.readTree(body);
      int expected = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
      return answer.path("deployments").size() == expected
          && answer.path("summary").path("total").asInt(-1) == total;
    } catch (IOException e) {
      return false;
    }
  }

  private static final Pattern SAMPLE =
      Pattern.compile("^apiserver_request_total\\{([^}]*)\\}\\s+(\\S+)");
  private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

  /**
   * {@code apiserver_request_total} by verb and resource, read from the API server's own metrics;
   * the scrapes themselves (non-resource GET /metrics) are left out.
   */
  static Map<String, Double> apiRequests(KubernetesClient client, String flowSchema) {
    String text = client.raw(client.getMasterUrl().toString().replaceAll("/$", "") + "/metrics");
    if (text == null || !text.contains("\napiserver_request_total{")) {
      throw new IllegalStateException("the API server's /metrics has no apiserver_request_total");
    }
    Map<String, Double> counts = new TreeMap<>();
    String dispatched =
        "apiserver_flowcontrol_dispatched_requests_total{flow_schema=\"" + flowSchema + "\"";
    for (String line : text.split("\n")) {
      if (line.startsWith(dispatched)) {
        counts.merge(
            SERVE, Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)), Double::sum);
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.find()) {
        continue;
      }
      Map<String, String> labels = new LinkedHashMap<>();
      Matcher l = LABEL.matcher(m.group(1));
      while (l.find()) {
        labels.put(l.group(1), l.group(2));
      }
      String resource = labels.getOrDefault("resource", "");
      String subresource = labels.getOrDefault("subresource", "");
      if (resource.isEmpty() && subresource.equals("/metrics")) {
        continue;
      }
      String key =
          labels.getOrDefault("verb", "?")
              + " "
              + (resource.isEmpty() ? subresource : resource)
              + (resource.isEmpty() || subresource.isEmpty() ? "" : "/" + subresource);
      counts.merge(key, Double.parseDouble(m.group(2)), Double::sum);
    }
    return counts;
  }

  private static Map<String, Double> delta(Map<String, Double> from, Map<String, Double> to) {
    Map<String, Double> out = new TreeMap<>();
    to.forEach(
        (key, value) -> {
          double d = value - from.getOrDefault(key, 0.0);
          if (d > 0) {
            out.put(key, d);
          }
        });
    return out;
  }

  private static Map<String, Double> withoutWatches(Map<String, Double> counts) {
    Map<String, Double> out = new TreeMap<>(counts);
    out.keySet().removeIf(key -> key.startsWith("WATCH "));
    return out;
  }

  private static double sum(Map<String, Double> counts) {
    return counts.values().stream().mapToDouble(Double::doubleValue).sum();
  }

  private static String describe(Map<String, Double> counts) {
    if (counts.isEmpty()) {
      return "none";
    }
    StringBuilder out = new StringBuilder();
    counts.forEach(
        (key, value) ->
            out.append(out.length() == 0 ? "" : ", ")
                .append(key)
                .append(" ")
                .append(value.longValue()));
    return out.toString();
  }

  private static double percentile(long[] sorted, double q) {
    int index = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
  }
}
