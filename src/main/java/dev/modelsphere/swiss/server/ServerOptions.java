package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.server.events.EventSettings;
import dev.modelsphere.swiss.server.routes.WebRoutes;
import dev.modelsphere.swiss.server.upstream.ServiceAddresses;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Clock;
import java.time.Duration;

/**
 * What a running server takes beyond its config document.
 *
 * @param version shown by {@code /healthz}
 * @param failedLoginPenalty how long a wrong password waits before it is answered
 * @param webRoot the classpath directory of the web UI
 * @param namespace the server's own namespace, where a Secret the profile names without one lives;
 *     empty when unknown (then such a name cannot be resolved)
 * @param serviceAddresses how the server reaches a Service, the site's entrypoint
 * @param helmKubeConfig the kubeconfig document the Helm SDK connects with (the same cluster and
 *     user as the server's client); null for Helm's own defaults, which in a pod are the pod's
 *     service account
 * @param events how the {@code /api/events} streams run
 * @param deployTimes how long the deploy core waits: the lease, its renewal, the API server's
 *     silence, the operator (tests shorten them)
 * @param databasePassword where a PostgreSQL store's password comes from (the environment)
 */
@RecordBuilder
public record ServerOptions(
    String version,
    Clock clock,
    Duration failedLoginPenalty,
    String webRoot,
    String namespace,
    ServiceAddresses serviceAddresses,
    String helmKubeConfig,
    EventSettings events,
    DeploySettings.Times deployTimes,
    DatabasePassword databasePassword)
    // The generated withers (withNamespace, withEvents, ...) copy every other component.
    implements ServerOptionsBuilder.With {
  /** One second per wrong password makes guessing slow and costs a person nothing. */
  public static final Duration FAILED_LOGIN_PENALTY = Duration.ofSeconds(1);

  /** Set by the chart from the pod's own metadata. */
  public static final String NAMESPACE_ENV = "POD_NAMESPACE";

  /** Options outside a cluster: no namespace of its own, Services by their cluster DNS names. */
  public ServerOptions(String version, Clock clock, Duration failedLoginPenalty, String webRoot) {
    this(
        version,
        clock,
        failedLoginPenalty,
        webRoot,
        "",
        ServiceAddresses.CLUSTER_DNS,
        null,
        EventSettings.DEFAULTS,
        DeploySettings.Times.DEFAULTS,
        DatabasePassword.fromEnvironment());
  }

  public ServerOptions {
    namespace = Nulls.orEmpty(namespace);
    events = events == null ? EventSettings.DEFAULTS : events;
    deployTimes = deployTimes == null ? DeploySettings.Times.DEFAULTS : deployTimes;
  }

  public static ServerOptions defaults(String version) {
    return new ServerOptions(
        version,
        Clock.systemUTC(),
        FAILED_LOGIN_PENALTY,
        WebRoutes.WEB_ROOT,
        System.getenv(NAMESPACE_ENV),
        ServiceAddresses.CLUSTER_DNS,
        null,
        EventSettings.DEFAULTS,
        DeploySettings.Times.DEFAULTS,
        DatabasePassword.fromEnvironment());
  }
}
