package dev.modelsphere.swiss.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartVersions;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.compose.Form;
import dev.modelsphere.swiss.compose.FormInput;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanDiffer;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Java half of {@code bench/apply.sh}: drives plan, diff and apply over HTTP against a running
 * {@code swiss serve}, for one release over and over and for many releases at once, and times the
 * same compose, diff and apply called in process on the deploy package ({@link HelmDeployer}, wired
 * as the server wires it) on a release of its own. Not a test: figures to watch. An HTTP step's
 * time is its exchange ({@link LeanHttp}), from sending the request to the answer's last byte:
 * building the request's JSON and reading the answer's are the client's work, not the server's, and
 * not counted.
 *
 * <p>Every apply flips a pod label, so helm really upgrades the Deployment; the releases run no
 * pods ({@code replicaCount: 0}), so the bench holds none of the cluster's fake GPUs, which the
 * tests sharing the cluster count on.
 *
 * <pre>
 * KUBECONFIG BASE_URL CATALOG SITE_FILE MODEL RUN ITERATIONS PARALLEL ROUNDS WARMUP
 *   NS_HTTP NS_INPROCESS NS_PARALLEL SERVER_PID
 * </pre>
 */
public final class ApplyBench {
  /** The pod label each apply flips between two values. */
  private static final String FLIP = "swiss-bench-flip";

  /** How many of the last warm-up plans are timed, to show the two paths run in a loop. */
  private static final int LOOP_TIMED = 200;

  /** Sequential cycles alternate between HTTP and in process in blocks of this many. */
  private static final int BLOCK = 5;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The servers, taken in turn per request: with several replicas on one database, a plan stored
   * through one is diffed and applied through the next, as a load balancer would spread them.
   */
  private final List<URI> bases;

  private final LeanHttp http = new LeanHttp();

  private final AtomicInteger turn = new AtomicInteger();
  private final String model;

  private ApplyBench(List<String> bases, String model) {
    this.bases = bases.stream().map(URI::create).toList();
    this.model = model;
  }

  private URI nextBase() {
    return bases.get(Math.floorMod(turn.getAndIncrement(), bases.size()));
  }

  public static void main(String[] args) throws Exception {
    int exit = 0;
    try {
      run(args);
    } catch (Exception | Error e) {
      System.err.println("apply bench: " + e);
      exit = 1;
    }
    // The client's and the Helm library's threads must not keep a finished run alive.
    System.exit(exit);
  }

  private static void run(String[] args) throws Exception {
    Path kubeconfig = Path.of(args[0]);
    // One server's URL, or several replicas' separated by commas.
    List<String> bases = List.of(args[1].split(","));
    Path catalogDir = Path.of(args[2]);
    Path siteFile = Path.of(args[3]);
    String model = args[4];
    String run = args[5];
    int iterations = Integer.parseInt(args[6]);
    int parallel = Integer.parseInt(args[7]);
    int rounds = Integer.parseInt(args[8]);
    int warmup = Integer.parseInt(args[9]);
    String nsHttp = args[10];
    String nsInProcess = args[11];
    String nsParallel = args[12];
    long serverPid = Long.parseLong(args[13]);
    Path helmBin = args.length > 14 && !args[14].isEmpty() ? Path.of(args[14]) : null;

    ApplyBench bench = new ApplyBench(bases, model);
    InProcess local = InProcess.wire(kubeconfig, catalogDir, siteFile, model);

    String httpRelease = "http-" + run;
    String localRelease = "inproc-" + run;
    List<String> parallelReleases = new ArrayList<>();
    for (int i = 0; i < parallel; i++) {
      parallelReleases.add("par-%s-%02d".formatted(run, i));
    }

    // --- installs (not timed) ---
    long setup = System.nanoTime();
    bench.install(nsHttp, httpRelease);
    local.install(nsInProcess, localRelease);
    HelmCli helm = helmBin == null ? null : new HelmCli(helmBin, kubeconfig, local);
    String helmRelease = "helmcli-" + run;
    if (helm != null) {
      helm.install(nsInProcess, helmRelease);
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
    try {
      // A few at a time: installing is set-up, not what is measured.
      ExecutorService installs = Executors.newFixedThreadPool(4);
      List<Future<?>> installed = new ArrayList<>();
      for (String release : parallelReleases) {
        installed.add(installs.submit(() -> bench.install(nsParallel, release)));
      }
      for (Future<?> f : installed) {
        f.get();
      }
      installs.shutdown();
      System.out.printf(
          "installed: %d releases of %s (%d for the parallel rounds) in %.1f s; each apply flips"
              + " the pod label %s (replicaCount 0: no pods, no GPUs held)%n",
          2 + parallel, model, parallel, (System.nanoTime() - setup) / 1e9, FLIP);

      // --- one release, over and over: HTTP and in process, interleaved in blocks ---
      Cycle httpCycle = new Cycle(nsHttp, httpRelease);
      Cycle localCycle = new Cycle(nsInProcess, localRelease);
      Cycle helmCycle = new Cycle(nsInProcess, helmRelease);
      for (int i = 0; i < warmup; i++) {
        bench.httpCycle(httpCycle, null);
        local.cycle(localCycle, null);
        if (helm != null) {
          helm.upgrade(helmCycle);
        }
      }
      warmPlans(bench, local, httpCycle, localCycle);
      evictedPlans(bench, local, httpCycle, localCycle);
      Steps httpSteps = new Steps(iterations);
      Steps localSteps = new Steps(iterations);
      long[] helmUpgrades = new long[helm == null ? 0 : iterations];
      long sequential = System.nanoTime();
      Cpu sequentialCpu = Cpu.now(serverPid);
      for (int block = 0; block < iterations; block += BLOCK) {
        int end = Math.min(block + BLOCK, iterations);
        for (int i = block; i < end; i++) {
          bench.httpCycle(httpCycle, httpSteps);
        }
        for (int i = block; i < end; i++) {
          local.cycle(localCycle, localSteps);
        }
        for (int i = block; helm != null && i < end; i++) {
          helmUpgrades[i] = helm.upgrade(helmCycle);
        }
      }
      double sequentialSeconds = (System.nanoTime() - sequential) / 1e9;
      Cpu.Use sequentialUse = sequentialCpu.until(Cpu.now(serverPid));

      // --- many releases at once, step by step: every plan, then every diff, then every apply ---
      Steps parallelSteps = new Steps(parallel * rounds);
      long[] roundWall = new long[rounds];
      long[] applyWall = new long[rounds];
      long[] fastestApply = new long[rounds];
      Cpu.Use applyUse = Cpu.Use.NONE;
      Cpu parallelCpu = Cpu.now(serverPid);
      Map<String, Integer> failures = new TreeMap<>();
      List<Cycle> cycles = parallelReleases.stream().map(r -> new Cycle(nsParallel, r)).toList();
      for (int round = 0; round < rounds; round++) {
        CyclicBarrier barrier = new CyclicBarrier(parallel + 1);
        Steps roundSteps = new Steps(parallel);
        List<Future<String>> outcomes = new ArrayList<>();
        for (Cycle cycle : cycles) {
          outcomes.add(pool.submit(() -> bench.steppedCycle(cycle, roundSteps, barrier)));
        }
        barrier.await(); // all ready
        long start = System.nanoTime();
        barrier.await(); // all composed
        barrier.await(); // all diffed
        long applying = System.nanoTime();
        Cpu beforeApplies = Cpu.now(serverPid);
        for (Future<String> outcome : outcomes) {
          String failure = outcome.get();
          if (!failure.isEmpty()) {
            failures.merge(failure, 1, Integer::sum);
          }
        }
        long end = System.nanoTime();
        applyUse = applyUse.plus(beforeApplies.until(Cpu.now(serverPid)));
        roundWall[round] = end - start;
        applyWall[round] = end - applying;
        fastestApply[round] = Arrays.stream(roundSteps.apply).min().orElse(0);
        parallelSteps.addAll(roundSteps);
      }

      report(
          iterations,
          warmup,
          sequentialSeconds,
          httpSteps,
          localSteps,
          helmUpgrades,
          parallel,
          rounds,
          parallelSteps,
          roundWall,
          applyWall,
          fastestApply,
          sequentialUse,
          parallelCpu.until(Cpu.now(serverPid)),
          applyUse,
          failures);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Untimed plans, the same number each way, so what is timed is the plan's path compiled: the
   * cycles alone run it some thirty times, a few hundred calls short of the JIT compiling the
   * server's request path (a server runs it thousands of times a day; the in-process compose's
   * loops are hot after a few calls). {@code BENCH_PLAN_WARMUP} plans (1000 by default), of 50
   * different forms; a plan changes nothing in the cluster.
   */
  private static void warmPlans(ApplyBench bench, InProcess local, Cycle http, Cycle inProcess) {
    int plans = Integer.parseInt(System.getenv().getOrDefault("BENCH_PLAN_WARMUP", "1000"));
    int timed = Math.min(LOOP_TIMED, plans);
    long[] httpLoop = new long[timed];
    long[] localLoop = new long[timed];
    long start = System.nanoTime();
    for (int i = 0; i < plans; i++) {
      Map<String, Object> form = overrides("warm-" + i % 50);
      long overHttp =
          bench.ok("/api/plans", bench.planBody(http.namespace, http.release, form)).nanos;
      long t0 = System.nanoTime();
      local.compose(inProcess.namespace, inProcess.release, form);
      long inProcessNs = System.nanoTime() - t0;
      int last = i - (plans - timed);
      if (last >= 0) {
        httpLoop[last] = overHttp;
        localLoop[last] = inProcessNs;
      }
    }
    System.out.printf(
        "JIT warm-up: %d untimed plans each way (HTTP and in process) in %.1f s%n",
        plans, (System.nanoTime() - start) / 1e9);
    if (timed > 0) {
      // The cycles' plans each follow an apply, whose work leaves the caches cold: these show the
      // same two paths run in a loop, so a reader sees how much of each figure below is that.
      System.out.printf(
          "  its last %d, plans in a loop: HTTP %.2f ms, in process %.3f ms (%.1fx; medians)%n",
          timed, median(httpLoop), median(localLoop), median(httpLoop) / median(localLoop));
    }
  }

  /**
   * With {@code BENCH_EVICT_MB} set, {@link #LOOP_TIMED} plans each way, each right after this
   * process has walked that many megabytes (more than the machine's last-level cache): a cold plan
   * measured many times under one condition, where a cycle's plan follows whatever the apply before
   * it left in the caches. It is how the server's cold path was profiled (bench/RESULTS.md, "cold
   * plans").
   */
  private static void evictedPlans(ApplyBench bench, InProcess local, Cycle http, Cycle inProcess) {
    int megabytes = Integer.parseInt(System.getenv().getOrDefault("BENCH_EVICT_MB", "0"));
    if (megabytes <= 0) {
      return;
    }
    CacheEvictor evictor = new CacheEvictor(megabytes);
    long[] httpPlans = new long[LOOP_TIMED];
    long[] localPlans = new long[LOOP_TIMED];
    for (int i = 0; i < LOOP_TIMED; i++) {
      Map<String, Object> form = overrides("evicted-" + i % 50);
      evictor.evict();
      httpPlans[i] =
          bench.ok("/api/plans", bench.planBody(http.namespace, http.release, form)).nanos;
      evictor.evict();
      long t0 = System.nanoTime();
      local.compose(inProcess.namespace, inProcess.release, form);
      localPlans[i] = System.nanoTime() - t0;
    }
    System.out.printf(
        "  %d plans each after walking %d MB: HTTP %.2f ms, in process %.3f ms (%.1fx; medians)%n",
        LOOP_TIMED,
        megabytes,
        median(httpPlans),
        median(localPlans),
        median(httpPlans) / median(localPlans));
  }

  /**
   * Pushes what the caches hold out of them, by touching every line of a buffer larger than they.
   */
  private static final class CacheEvictor {
    private final byte[] buffer;

    CacheEvictor(int megabytes) {
      buffer = new byte[megabytes << 20];
    }

    /**
     * A write to each 64-byte line: a store to the heap is kept by the compiler, a read may not be.
     */
    void evict() {
      for (int i = 0; i < buffer.length; i += 64) {
        buffer[i]++;
      }
    }
  }

  private static void report(
      int iterations,
      int warmup,
      double sequentialSeconds,
      Steps http,
      Steps local,
      long[] helmUpgrades,
      int parallel,
      int rounds,
      Steps par,
      long[] roundWall,
      long[] applyWall,
      long[] fastestApply,
      Cpu.Use sequentialUse,
      Cpu.Use parallelUse,
      Cpu.Use applyUse,
      Map<String, Integer> failures) {
    System.out.printf(
        "one release, %d cycles each way after %d warm-up, HTTP and in process alternating in"
            + " blocks of %d (%.1f s)%n",
        iterations, warmup, BLOCK, sequentialSeconds);
    System.out.println("                         median       p99");
    line("HTTP  POST /api/plans", http.plan);
    line("HTTP  POST /api/diff", http.diff);
    line("HTTP  POST /api/apply", http.apply);
    line("HTTP  plan+diff+apply", http.cycle);
    line("in process  compose", local.plan);
    line("in process  diff", local.diff);
    line("in process  apply", local.apply);
    line("in process  all three", local.cycle);
    // The budget is absolute: the in-process compose it was once a ratio to kept getting faster.
    System.out.printf(
        "HTTP plan: median %.2f ms, p99 %.2f ms (target: median at most 3 ms, p99 at most 15 ms);"
            + " in-process compose %.3f ms (%.1fx)%n",
        median(http.plan),
        p99(http.plan),
        median(local.plan),
        median(http.plan) / median(local.plan));
    double httpApply = median(http.apply);
    double localApply = median(local.apply);
    System.out.printf(
        "HTTP apply / in-process apply: %.2fx (medians; target within 1.5x), p99 %.2fx%n",
        httpApply / localApply, p99(http.apply) / p99(local.apply));
    if (helmUpgrades.length > 0) {
      line("helm upgrade (the CLI)", helmUpgrades);
      System.out.printf(
          "in-process apply / helm upgrade: %.2fx, HTTP apply / helm upgrade: %.2fx (medians;"
              + " target under 1x: the same chart and values through a helm subprocess)%n",
          localApply / median(helmUpgrades), httpApply / median(helmUpgrades));
    } else {
      System.out.println("helm upgrade (the CLI): not measured (no helm binary given)");
    }
    System.out.printf(
        "  CPU meanwhile: machine %.0f%% busy, swiss serve %.0f ms of CPU per HTTP cycle%n",
        sequentialUse.machineBusy() * 100, sequentialUse.serverMs() / iterations);

    System.out.printf(
        "%d releases in parallel, %d rounds; each round: %d plans at once, then %d diffs, then %d"
            + " applies%n",
        parallel, rounds, parallel, parallel, parallel);
    System.out.println("                         median       p99   (per request, under load)");
    line("HTTP  POST /api/plans", par.plan);
    line("HTTP  POST /api/diff", par.diff);
    line("HTTP  POST /api/apply", par.apply);
    line("round, all three steps", roundWall);
    line("round, the applies", applyWall);
    line("fastest apply of round", fastestApply);
    double oneApply = median(http.apply);
    double oneCycle = median(http.cycle);
    System.out.printf(
        "%d applies at once took %.1fx one apply (median of rounds over the sequential median;"
            + " serialised would be ~%dx, target well under %dx)%n",
        parallel, median(applyWall) / oneApply, parallel, parallel);
    System.out.printf(
        "%d plan+diff+apply cycles at once took %.1fx one cycle (serialised ~%dx)%n",
        parallel, median(roundWall) / oneCycle, parallel);
    System.out.printf(
        "  CPU while the applies ran: machine %.0f%% busy (of %d cores), swiss serve %.0f ms of CPU"
            + " per apply; over the rounds %.0f ms per plan+diff+apply (sequentially %.0f)%n",
        applyUse.machineBusy() * 100,
        Runtime.getRuntime().availableProcessors(),
        applyUse.serverMs() / (parallel * rounds),
        parallelUse.serverMs() / (parallel * rounds),
        sequentialUse.serverMs() / iterations);
    if (failures.isEmpty()) {
      System.out.println("parallel failures: none");
    } else {
      int count = failures.values().stream().mapToInt(Integer::intValue).sum();
      System.out.printf("parallel failures: %d of %d cycles%n", count, parallel * rounds);
      failures.forEach((what, n) -> System.out.printf("  %dx %s%n", n, what));
    }
  }

  private static void line(String label, long[] samples) {
    System.out.printf("  %-22s %7.1f ms %7.1f ms%n", label, median(samples), p99(samples));
  }

  // --- HTTP -------------------------------------------------------------------------------------

  /** One release's place in the bench: where it is and which way its label flips next. */
  private static final class Cycle {
    final String namespace;
    final String release;
    int flips;

    Cycle(String namespace, String release) {
      this.namespace = namespace;
      this.release = release;
    }

    Map<String, Object> form() {
      flips++;
      return overrides(flips % 2 == 0 ? "a" : "b");
    }
  }

  private static Map<String, Object> overrides(String flip) {
    Map<String, Object> form = new LinkedHashMap<>();
    form.put("replicaCount", 0);
    form.put("podLabels", Map.of(FLIP, flip));
    return form;
  }

  private String planBody(String namespace, String release, Map<String, Object> overrides) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("model", model);
    body.put("namespace", namespace);
    body.put("release", release);
    body.put("serviceId", release);
    body.put("overrides", overrides);
    return json(body);
  }

  private Void install(String namespace, String release) {
    String hash =
        ok("/api/plans", planBody(namespace, release, overrides("a"))).body.path("hash").asText();
    JsonNode installed = ok("/api/install", "{\"planHash\": \"%s\"}".formatted(hash)).body;
    if (installed.path("revision").asInt() != 1) {
      throw new IllegalStateException(
          "install of %s/%s answered %s".formatted(namespace, release, installed));
    }
    return null;
  }

  /**
   * Plan, diff, apply over HTTP, each checked; times each step into {@code steps} if given. A
   * step's time is its exchange alone ({@link Reply#nanos}): the request's JSON is built before it
   * and the answer's read after, as the server's part is what is measured.
   */
  private void httpCycle(Cycle cycle, Steps steps) {
    Reply plan = ok("/api/plans", planBody(cycle.namespace, cycle.release, cycle.form()));
    String hash = plan.body.path("hash").asText();
    Reply diff = ok("/api/diff", "{\"planHash\": \"%s\"}".formatted(hash));
    int revision = revisionOf(diff.body, cycle);
    Reply applied =
        ok(
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": %d}".formatted(hash, revision));
    checkApplied(applied.body.path("revision").asInt(), revision, cycle);
    if (steps != null) {
      steps.add(plan.nanos, diff.nanos, applied.nanos);
    }
  }

  /**
   * One cycle of a parallel round; each step starts when every release has finished the one before.
   * Returns what went wrong, empty when the apply landed.
   */
  private String steppedCycle(Cycle cycle, Steps steps, CyclicBarrier barrier) throws Exception {
    String failure = "";
    String hash = "";
    int revision = 0;
    long diffNs = 0;
    long applyNs = 0;
    barrier.await();
    Reply plan = post("/api/plans", planBody(cycle.namespace, cycle.release, cycle.form()));
    long planNs = plan.nanos;
    if (plan.status == 200) {
      hash = plan.body.path("hash").asText();
    } else {
      failure = "plan " + plan.describe();
    }
    barrier.await();
    if (failure.isEmpty()) {
      Reply diff = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(hash));
      diffNs = diff.nanos;
      if (diff.status == 200 && diff.body.path("changed").asBoolean()) {
        revision = diff.body.path("revision").asInt();
      } else {
        failure = "diff " + diff.describe();
      }
    }
    barrier.await();
    if (failure.isEmpty()) {
      Reply applied =
          post(
              "/api/apply",
              "{\"planHash\": \"%s\", \"expectRevision\": %d}".formatted(hash, revision));
      applyNs = applied.nanos;
      if (applied.status != 200 || applied.body.path("revision").asInt() != revision + 1) {
        failure = "apply " + applied.describe();
      }
    }
    steps.add(planNs, diffNs, applyNs);
    return failure.replaceAll("par-[0-9a-z-]+", "par-…");
  }

  /**
   * @param nanos the exchange: from sending the request (on a kept connection, or a new one) to the
   *     answer's last byte, without building the request's JSON or reading the answer's
   */
  private record Reply(int status, JsonNode body, String text, long nanos) {
    String describe() {
      return status + " " + (text.length() > 300 ? text.substring(0, 300) + "…" : text);
    }
  }

  /**
   * One request through {@link LeanHttp} in the calling thread. Its time is the exchange alone: the
   * request's bytes are made before it, the answer's JSON read after it.
   */
  private Reply post(String path, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    long start = System.nanoTime();
    LeanHttp.Answer answer;
    try {
      answer = http.post(nextBase(), path, bytes);
    } catch (IOException e) {
      // As an answer, so a parallel round still meets its barriers; ok() refuses it.
      return new Reply(
          -1, JSON.createObjectNode(), "POST " + path + ": " + e, System.nanoTime() - start);
    }
    long nanos = System.nanoTime() - start;
    JsonNode parsed;
    try {
      parsed = JSON.readTree(answer.body());
    } catch (IOException e) {
      parsed = JSON.createObjectNode();
    }
    return new Reply(
        answer.status(), parsed == null ? JSON.createObjectNode() : parsed, answer.body(), nanos);
  }

  private Reply ok(String path, String body) {
    Reply reply = post(path, body);
    if (reply.status != 200) {
      throw new IllegalStateException("POST %s answered %s".formatted(path, reply.describe()));
    }
    return reply;
  }

  private static int revisionOf(JsonNode diff, Cycle cycle) {
    if (!diff.path("changed").asBoolean() || !diff.path("exists").asBoolean()) {
      throw new IllegalStateException(
          "diff of %s/%s shows no change: %s".formatted(cycle.namespace, cycle.release, diff));
    }
    return diff.path("revision").asInt();
  }

  private static void checkApplied(int got, int over, Cycle cycle) {
    if (got != over + 1) {
      throw new IllegalStateException(
          "apply of %s/%s over revision %d left revision %d"
              .formatted(cycle.namespace, cycle.release, over, got));
    }
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // --- in process -------------------------------------------------------------------------------

  /**
   * The deploy package wired as {@code swiss serve} wires it (its own renderer and chart cache,
   * release locks, no chart root: plans carry their chart's path), plans composed as the server
   * composes them, from the same catalog and site profile.
   */
  private record InProcess(
      HelmDeployer deployer,
      PlanDiffer differ,
      Catalog catalog,
      Entry entry,
      Variant variant,
      Profile profile,
      String chartVersion) {

    static InProcess wire(Path kubeconfig, Path catalogDir, Path siteFile, String model)
        throws IOException {
      KubeTarget target = new KubeTarget(kubeconfig, null);
      Kube kube = new Kube(target.connect());
      ChartRenderer renderer =
          new ChartRenderer(new ChartArchives(Files.createTempDirectory("bench-apply-charts-")));
      LlmServiceClient services = new LlmServiceClient(kube.client());
      // Lives as long as the benchmark's process, whose end stops its (daemon) threads.
      DeployCore core =
          new DeployCore(
              new DeployCore.Cluster(
                  kube,
                  services,
                  LlmServiceAccess.of(services, Clock.systemUTC()),
                  new HelmReleases(renderer, target.helmKubeConfig())),
              PlanRenders.of(renderer),
              new ReleaseLocks("swiss bench"),
              new DeploySettings("", DeploySettings.DEFAULT_PLAN_HISTORY),
              Optional.empty(),
              Clock.systemUTC());
      HelmDeployer deployer = core.helm();
      Catalog catalog = Catalog.open(catalogDir.toString());
      Entry entry = catalog.entry(model, null);
      Variant variant = entry.defaultVariant();
      Profile profile = Profile.load(siteFile);
      String chartVersion =
          ChartVersionSpec.resolve(
              ChartVersionSpec.parse(variant.chart().version()),
              null,
              null,
              () ->
                  ChartVersions.list(
                      profile.chartRepo(), profile.chartPath(), variant.chart().name()));
      return new InProcess(deployer, core.differ(), catalog, entry, variant, profile, chartVersion);
    }

    Plan compose(String namespace, String release, Map<String, Object> overrides) {
      Map<String, Object> form =
          Form.assemble(
              new FormInput("", overrides, release, "", List.of()),
              variant.requires().accelerator().productLabel());
      return Composer.compose(
          new ComposeRequest(
              catalog.location(),
              "",
              catalog.ref(),
              entry,
              variant,
              profile,
              release,
              namespace,
              form,
              Map.of(),
              false,
              chartVersion));
    }

    void install(String namespace, String release) {
      ApplyResult result =
          deployer.apply(
              compose(namespace, release, overrides("a")), Mode.INSTALL, ApplyOptions.install());
      if (result.revision() != 1) {
        throw new IllegalStateException("in-process install left revision " + result.revision());
      }
    }

    void cycle(Cycle cycle, Steps steps) {
      long t0 = System.nanoTime();
      Plan plan = compose(cycle.namespace, cycle.release, cycle.form());
      long t1 = System.nanoTime();
      DiffResult diff = differ.diff(plan);
      long t2 = System.nanoTime();
      if (!diff.changed() || !diff.exists()) {
        throw new IllegalStateException("in-process diff shows no change: " + diff.render());
      }
      ApplyResult applied =
          deployer.apply(plan, Mode.UPGRADE, new ApplyOptions(diff.revision(), "apply", ""));
      long t3 = System.nanoTime();
      checkApplied(applied.revision(), diff.revision(), cycle);
      if (steps != null) {
        steps.add(t0, t1, t2, t3);
      }
    }
  }

  /**
   * The baseline: the same chart and the same composed values applied by a {@code helm upgrade}
   * subprocess of the helm version swiss embeds, on a release of its own.
   */
  private record HelmCli(Path helm, Path kubeconfig, InProcess local) {

    void install(String namespace, String release) {
      run("install", namespace, release, overrides("a"));
    }

    /** One upgrade that flips the label; returns its wall time in nanoseconds. */
    long upgrade(Cycle cycle) {
      long start = System.nanoTime();
      run("upgrade", cycle.namespace, cycle.release, cycle.form());
      return System.nanoTime() - start;
    }

    private void run(String verb, String namespace, String release, Map<String, Object> form) {
      Plan plan = local.compose(namespace, release, form);
      Path chart = Path.of(local.profile.chartPath(), local.variant.chart().name());
      try {
        Path values = Files.createTempFile("bench-helm-values-", ".json");
        try {
          Files.write(values, JSON.writeValueAsBytes(plan.values()));
          Process helmRun =
              new ProcessBuilder(
                      helm.toString(),
                      verb,
                      release,
                      chart.toString(),
                      "--namespace",
                      namespace,
                      "--values",
                      values.toString(),
                      "--kubeconfig",
                      kubeconfig.toString())
                  .redirectErrorStream(true)
                  .start();
          String output = new String(helmRun.getInputStream().readAllBytes());
          if (helmRun.waitFor() != 0) {
            throw new IllegalStateException("helm " + verb + " " + release + " failed: " + output);
          }
        } finally {
          Files.deleteIfExists(values);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while helm ran", e);
      }
    }
  }

  // --- figures ----------------------------------------------------------------------------------

  /** Per-step samples in nanoseconds; thread-safe. */
  private static final class Steps {
    final long[] plan;
    final long[] diff;
    final long[] apply;
    final long[] cycle;
    private int n;

    Steps(int capacity) {
      plan = new long[capacity];
      diff = new long[capacity];
      apply = new long[capacity];
      cycle = new long[capacity];
    }

    /** From four instants: start, composed, diffed, applied. */
    void add(long t0, long t1, long t2, long t3) {
      add(t1 - t0, t2 - t1, t3 - t2);
    }

    synchronized void addAll(Steps other) {
      for (int i = 0; i < other.n; i++) {
        add(other.plan[i], other.diff[i], other.apply[i]);
      }
    }

    synchronized void add(long planNs, long diffNs, long applyNs) {
      plan[n] = planNs;
      diff[n] = diffNs;
      apply[n] = applyNs;
      cycle[n] = planNs + diffNs + applyNs;
      n++;
    }
  }

  /** CPU ticks of the whole machine (/proc/stat) and of swiss serve (/proc/PID/stat). */
  private record Cpu(long busy, long total, long server, long pid) {
    /** Clock ticks per second of /proc's counters; 100 on Linux. */
    private static final double HZ = 100;

    static Cpu now(long pid) {
      try {
        String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < Math.min(cpu.length, 9); i++) {
          total += Long.parseLong(cpu[i]);
        }
        long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
        return new Cpu(total - idle, total, ticksOfTree(pid), pid);
      } catch (IOException | RuntimeException e) {
        return new Cpu(0, 0, 0, pid);
      }
    }

    /**
     * The process and its descendants: the launcher runs its JVM as a child (not by exec) on the
     * run that writes its class-data archive, and that JVM is swiss serve.
     */
    private static long ticksOfTree(long pid) throws IOException {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name.
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      Path children = Path.of("/proc/" + pid + "/task/" + pid + "/children");
      for (String child : Files.readString(children).trim().split("\\s+")) {
        if (!child.isEmpty()) {
          ticks += ticksOfTree(Long.parseLong(child));
        }
      }
      return ticks;
    }

    Use until(Cpu later) {
      return new Use(later.busy - busy, later.total - total, later.server - server);
    }

    record Use(long busy, long total, long server) {
      static final Use NONE = new Use(0, 0, 0);

      Use plus(Use other) {
        return new Use(busy + other.busy, total + other.total, server + other.server);
      }

      double machineBusy() {
        return total == 0 ? 0 : (double) busy / total;
      }

      double serverMs() {
        return server * 1000 / HZ;
      }
    }
  }

  private static double median(long[] samples) {
    long[] sorted = samples.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return (sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0) / 1e6;
  }

  /** Nearest rank: of 50 samples the 50th, i.e. the slowest; of 100 the 99th. */
  private static double p99(long[] samples) {
    long[] sorted = samples.clone();
    Arrays.sort(sorted);
    int index = (int) Math.ceil(0.99 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
  }
}
