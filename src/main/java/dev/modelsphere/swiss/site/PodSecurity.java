package dev.modelsphere.swiss.site;

import java.util.Arrays;
import java.util.Optional;

/**
 * The Pod Security Standards levels a site may ask the rendered pods to meet. {@code privileged} is
 * not offered: a site that wants no standard at all allows each exception by name instead, so what
 * it gave up stays written down.
 */
public enum PodSecurity {
  BASELINE("baseline"),
  RESTRICTED("restricted");

  private final String label;

  PodSecurity(String label) {
    this.label = label;
  }

  /** The level as Kubernetes names it, in namespace labels and messages. */
  public String label() {
    return label;
  }

  /** The level named {@code label}; empty for any other text. */
  public static Optional<PodSecurity> of(String label) {
    return Arrays.stream(values()).filter(level -> level.label.equals(label)).findFirst();
  }
}
