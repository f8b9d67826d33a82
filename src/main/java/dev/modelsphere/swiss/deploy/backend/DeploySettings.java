package dev.modelsphere.swiss.deploy.backend;

import java.time.Duration;
import java.util.List;

/**
 * How the deploy core of one process runs.
 *
 * @param chartRoot a folder of chart directories for plans that name no chart source; may be empty
 * @param planHistory how many archived plans to keep per release
 * @param applyWith {@code server.applyWith}: which backend a new install goes to when the
 *     LLMService API is visible; empty means helm
 * @param times how long the deploy core waits on the cluster and on itself
 * @param namespaces {@code cluster.namespaces}: the only namespaces releases are written in (a
 *     chart-installed swiss is granted those alone); empty means any
 * @param namespaceLabels the labels of a namespace a plan asks swiss to create (the site policy's
 *     Pod Security labels); none by default
 */
public record DeploySettings(
    String chartRoot,
    int planHistory,
    String applyWith,
    Times times,
    List<String> namespaces,
    NamespaceLabels namespaceLabels) {

  public static final int DEFAULT_PLAN_HISTORY = 5;

  public DeploySettings {
    chartRoot = chartRoot == null ? "" : chartRoot;
    if (planHistory <= 0) {
      planHistory = DEFAULT_PLAN_HISTORY;
    }
    applyWith = applyWith == null ? "" : applyWith;
    times = times == null ? Times.DEFAULTS : times;
    namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
    namespaceLabels = namespaceLabels == null ? NamespaceLabels.NONE : namespaceLabels;
  }

  /** No labels on the namespaces swiss creates. */
  public DeploySettings(
      String chartRoot, int planHistory, String applyWith, Times times, List<String> namespaces) {
    this(chartRoot, planHistory, applyWith, times, namespaces, NamespaceLabels.NONE);
  }

  /** Helm for new installs, the default times. */
  public DeploySettings(String chartRoot, int planHistory) {
    this(chartRoot, planHistory, "", Times.DEFAULTS, List.of());
  }

  public DeploySettings withApplyWith(String applyWith) {
    return new DeploySettings(
        chartRoot, planHistory, applyWith, times, namespaces, namespaceLabels);
  }

  public DeploySettings withTimes(Times times) {
    return new DeploySettings(
        chartRoot, planHistory, applyWith, times, namespaces, namespaceLabels);
  }

  public DeploySettings withNamespaces(List<String> namespaces) {
    return new DeploySettings(
        chartRoot, planHistory, applyWith, times, namespaces, namespaceLabels);
  }

  public DeploySettings withNamespaceLabels(NamespaceLabels labels) {
    return new DeploySettings(chartRoot, planHistory, applyWith, times, namespaces, labels);
  }

  /**
   * How long the deploy core waits. Settings rather than constants, so a test can shorten them
   * instead of waiting real time; a null one is its default.
   *
   * @param lease how long a release's lease outlives its holder's last renewal; whole seconds, at
   *     least one (the Lease object counts seconds)
   * @param renewEvery how often the holder renews its lease; shorter than {@code lease}, a third of
   *     it by default
   * @param apiServerSilence how long the API server may stay silent before a helm write is given up
   * @param operatorDeadline how long an LLMService apply waits for its operator; past it the apply
   *     fails, and the write stands
   * @param goneTimeout how long an LLMService uninstall waits for the object to go, its operator's
   *     finalizer running {@code helm uninstall}
   */
  public record Times(
      Duration lease,
      Duration renewEvery,
      Duration apiServerSilence,
      Duration operatorDeadline,
      Duration goneTimeout) {

    // Before DEFAULTS, which is built from them.
    private static final Duration LEASE = Duration.ofSeconds(15);
    private static final Duration SILENCE = Duration.ofSeconds(10);
    private static final Duration OPERATOR = Duration.ofMinutes(5);

    /**
     * A lease long enough to outlast a slow API server call and short enough that a dead holder is
     * soon gone; ten seconds of silence; five minutes for an operator to pull a chart and run helm,
     * and for its finalizer to uninstall.
     */
    public static final Times DEFAULTS = new Times(null, null, null, null, null);

    public Times {
      lease = lease == null ? LEASE : lease;
      if (lease.toSeconds() < 1) {
        throw new IllegalArgumentException("a lease lasts at least one second, not " + lease);
      }
      renewEvery = renewEvery == null ? lease.dividedBy(3) : renewEvery;
      if (renewEvery.isNegative() || renewEvery.isZero() || renewEvery.compareTo(lease) >= 0) {
        throw new IllegalArgumentException(
            "a lease is renewed more often than it lasts: every %s is not shorter than %s"
                .formatted(renewEvery, lease));
      }
      apiServerSilence = positive(apiServerSilence, SILENCE, "apiServerSilence");
      operatorDeadline = positive(operatorDeadline, OPERATOR, "operatorDeadline");
      goneTimeout = positive(goneTimeout, OPERATOR, "goneTimeout");
    }

    /** These times with another lease, renewed a third of it apart. */
    public Times withLease(Duration lease) {
      return new Times(lease, null, apiServerSilence, operatorDeadline, goneTimeout);
    }

    public Times withApiServerSilence(Duration limit) {
      return new Times(lease, renewEvery, limit, operatorDeadline, goneTimeout);
    }

    public Times withOperatorDeadline(Duration deadline) {
      return new Times(lease, renewEvery, apiServerSilence, deadline, goneTimeout);
    }

    public Times withGoneTimeout(Duration timeout) {
      return new Times(lease, renewEvery, apiServerSilence, operatorDeadline, timeout);
    }

    private static Duration positive(Duration d, Duration otherwise, String name) {
      if (d == null) {
        return otherwise;
      }
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + " must be longer than zero, not " + d);
      }
      return d;
    }
  }
}
