package dev.modelsphere.swiss.config;

import dev.modelsphere.swiss.values.Nulls;
import java.util.List;

/**
 * The cluster this config talks to.
 *
 * @param profile where the site profile is
 * @param namespaces the namespaces swissd reads and deploys in; empty means cluster-wide
 * @param kubeconfig empty means in-cluster credentials, then the usual kubeconfig rules
 * @param context the kubeconfig context; empty means its current context
 */
public record Cluster(
    ProfileSource profile, List<String> namespaces, String kubeconfig, String context) {
  public Cluster {
    profile = profile == null ? ProfileSource.none() : profile;
    namespaces = Nulls.withoutNullItems(namespaces);
    kubeconfig = Nulls.orEmpty(kubeconfig);
    context = Nulls.orEmpty(context);
  }

  public static Cluster none() {
    return new Cluster(null, null, null, null);
  }
}
