package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Changes releases through Helm 4 in process ({@link HelmLibrary}): install and upgrade apply
 * server-side, never wait for workloads (a model can take most of an hour to load) and never roll
 * back on their own; an upgrade keeps the apply method the release was installed with, as Helm 4's
 * CLI does by default. Every call runs under a deadline, and those still running when their owner
 * stops are cancelled ({@link #cancelRunning}).
 */
public final class HelmReleases {

  /** Revisions Helm keeps per release; an upgrade prunes older ones. */
  public static final int HISTORY = 20;

  /**
   * How long one helm call may take by default: the budget of the write routes (a release write
   * that has not ended by then is answered as out of time), so helm never runs on past its answer.
   */
  public static final Duration CALL_DEADLINE = Duration.ofMinutes(15);

  private final ChartRenderer charts;
  private final String kubeConfig;
  private final Duration silence;
  private final Duration deadline;
  private final RunningCalls running;

  /**
   * Calls that wait for the API server for as long as their deadline allows.
   *
   * @param kubeConfig the kubeconfig document helm connects with; null for helm's defaults
   */
  public HelmReleases(ChartRenderer charts, String kubeConfig) {
    this(charts, kubeConfig, Duration.ZERO, CALL_DEADLINE, new RunningCalls());
  }

  private HelmReleases(
      ChartRenderer charts,
      String kubeConfig,
      Duration silence,
      Duration deadline,
      RunningCalls running) {
    this.charts = charts;
    this.kubeConfig = kubeConfig == null ? "" : kubeConfig;
    this.silence = silence;
    this.deadline = deadline;
    this.running = running;
  }

  /**
   * These releases, each call given up (an error that says so) when one of helm's requests goes
   * {@code limit} without the API server beginning to answer it. Helm's own requests have no
   * deadline, so a paused or partitioned API server would otherwise hold a write, and the lease and
   * record around it, for as long as it stays silent. Only silence counts: a write that takes long
   * against an API server that answers is left to finish. The limit is enforced by helm's HTTP
   * transport (its response-header timeout), so helm's call itself ends.
   */
  public HelmReleases withApiServerSilence(Duration limit) {
    return new HelmReleases(
        charts, kubeConfig, positive(limit, "silence limit"), deadline, running);
  }

  /**
   * These releases, each call ended by the library when it has run for {@code limit}: it answers
   * then, as out of time, and every request it still sends to the API server is cancelled.
   */
  public HelmReleases withCallDeadline(Duration limit) {
    return new HelmReleases(charts, kubeConfig, silence, positive(limit, "call deadline"), running);
  }

  /**
   * Cancels the calls of these releases (and of those derived from them) that are running now: each
   * ends at once, failing as stopped, and its requests to the API server with it.
   */
  public void cancelRunning() {
    running.cancelAll();
  }

  /**
   * Installs a new release: revision 1. The caller has looked and found no revision of it (under
   * the release's lease), so helm takes that look's word rather than listing the release's history
   * again; were it wrong, helm's write of revision 1 fails on the revision there and applies
   * nothing.
   */
  public HelmOutcome install(
      RenderRequest request, boolean createNamespace, boolean forceConflicts) {
    String doing = "helm install " + request.namespace() + "/" + request.release();
    return write(
        doing,
        "install",
        request,
        b -> {
          b.createNamespace = createNamespace;
          b.forceConflicts = forceConflicts;
          b.newRelease = true;
        });
  }

  /** Upgrades an existing release to exactly the given values (nothing reused from before). */
  public HelmOutcome upgrade(RenderRequest request, boolean forceConflicts) {
    String doing = "helm upgrade " + request.namespace() + "/" + request.release();
    return write(
        doing,
        "upgrade",
        request,
        b -> {
          b.forceConflicts = forceConflicts;
          b.maxHistory = HISTORY;
        });
  }

  private HelmOutcome write(
      String doing,
      String op,
      RenderRequest request,
      java.util.function.Consumer<LibraryRequest.Builder> how) {
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      LibraryRequest.Builder call = charts.chartRequest(op, request, values.files());
      how.accept(call.connectedTo(kubeConfig, silence.toMillis()));
      return run(call.build(), HelmOutcome.class);
    } catch (HelmLibraryError e) {
      throw HelmErrors.translate(
          new HelmFailures(doing, ErrorKind.FAILED, silence), request.chart().name(), e);
    }
  }

  /** Removes the release and the objects it created; returns helm's message. */
  public String uninstall(String namespace, String release) {
    try {
      return run(
              releaseCall("uninstall", namespace, release).build(),
              LibraryResults.Uninstalled.class)
          .output();
    } catch (HelmLibraryError e) {
      throw new HelmFailures(
              "helm uninstall " + namespace + "/" + release, ErrorKind.FAILED, silence)
          .of(e);
    }
  }

  /**
   * The values of one revision as YAML text, as {@code helm get values} prints them: with {@code
   * all}, the chart's defaults merged with what was supplied; without, only what was supplied.
   */
  public String values(String namespace, String release, int revision, boolean all) {
    LibraryRequest.Builder call = releaseCall("values", namespace, release);
    call.revision = revision;
    call.allValues = all;
    try {
      return run(call.build(), LibraryResults.Values.class).yaml();
    } catch (HelmLibraryError e) {
      String doing =
          "helm get values %s/%s --revision %d%s"
              .formatted(namespace, release, revision, all ? " --all" : "");
      throw new HelmFailures(doing, ErrorKind.UPSTREAM_FAILED, silence).of(e);
    }
  }

  private LibraryRequest.Builder releaseCall(String op, String namespace, String release) {
    return LibraryRequest.of(op)
        .release(namespace, release)
        .connectedTo(kubeConfig, silence.toMillis());
  }

  private <T> T run(LibraryRequest request, Class<T> answer) {
    return running.run(deadline, call -> HelmLibrary.call(call.bound(request), answer));
  }

  /** The files a call passes, as paths Helm reads. */
  static List<String> paths(List<Path> files) {
    return files.stream().map(Path::toString).toList();
  }

  private static Duration positive(Duration limit, String what) {
    if (limit.isNegative() || limit.isZero()) {
      throw new IllegalArgumentException("a %s is longer than zero, not %s".formatted(what, limit));
    }
    return limit;
  }
}
