package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.util.ArrayList;
import java.util.List;

/**
 * The release is one this server may deploy and whose name means one thing: its namespace is one
 * the server was granted, and a new release does not take a name already used in another namespace,
 * where every list keyed by release name would mix the two up.
 */
public final class ReleaseIdentityRule implements PreflightRule {
  public static final String NAME = "release-identity";

  private final List<String> grantedNamespaces;
  private final ReleaseHolders holders;

  /**
   * @param grantedNamespaces {@code cluster.namespaces}; empty means the whole cluster
   */
  public ReleaseIdentityRule(List<String> grantedNamespaces, ReleaseHolders holders) {
    this.grantedNamespaces = List.copyOf(grantedNamespaces);
    this.holders = holders;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    ReleaseRef release = proposal.plan().release();
    List<Problem> problems = new ArrayList<>();
    if (!grantedNamespaces.isEmpty() && !grantedNamespaces.contains(release.namespace())) {
      problems.add(
          problem(
              "namespace",
              "namespace %s is not one this server was granted (cluster.namespaces: %s): deploy to one of those, or add it to the server's config"
                  .formatted(release.namespace(), String.join(", ", grantedNamespaces))));
    }
    if (proposal.mode() == Mode.INSTALL) {
      List<String> elsewhere =
          holders.namespacesHolding(release.name()).stream()
              .filter(namespace -> !namespace.equals(release.namespace()))
              .map(namespace -> new ReleaseRef(release.name(), namespace).toString())
              .toList();
      if (!elsewhere.isEmpty()) {
        problems.add(
            problem(
                "release",
                "release name %s is already taken by %s: pick another release name, or upgrade that release instead"
                    .formatted(release.name(), String.join(", ", elsewhere))));
      }
    }
    return problems;
  }
}
