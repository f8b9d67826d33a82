package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.preflight.ReleaseHolders;
import dev.modelsphere.swiss.kube.ClusterCache;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Where a release name is taken, as the server's watches hold it: swiss's plan ConfigMaps, helm's
 * release Secrets (a release installed by hand counts too) and the LLMServices, the three records
 * {@code LiveReleaseHolders} lists. Reading costs the API server nothing.
 *
 * <p>One difference: the watch holds only the ConfigMaps labelled as swiss's, where the live read
 * finds a {@code swiss-plan-<release>} ConfigMap by name alone. Every plan swiss writes carries the
 * label, and a release it deployed also has helm's Secrets or an LLMService, so the name is found
 * either way.
 */
public final class FleetReleaseHolders implements ReleaseHolders {
  private final Fleet fleet;

  public FleetReleaseHolders(Fleet fleet) {
    this.fleet = fleet;
  }

  @Override
  public List<String> namespacesHolding(String release) {
    fleet.requireComplete("check where release name " + release + " is taken");
    // Looked up by name in the watches' indexes: the cost does not grow with the fleet.
    TreeSet<String> namespaces = new TreeSet<>();
    Stream.of(
            fleet
                .cache()
                .planConfigMaps()
                .byIndex(ClusterCache.BY_NAME, PlanConfigMapName.of(release).toString()),
            fleet.cache().helmSecretsNamed(release),
            fleet.llmServicesNamed(release))
        .flatMap(List::stream)
        .forEach(holder -> namespaces.add(holder.getMetadata().getNamespace()));
    return List.copyOf(namespaces);
  }
}
