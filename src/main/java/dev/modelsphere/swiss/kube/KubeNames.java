package dev.modelsphere.swiss.kube;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Kubernetes' DNS-1123 name rules, and what follows from them for the names swiss is asked about: a
 * namespace is a label; a release is what helm accepts as a release name, a subdomain of at most 53
 * characters (it also names Secrets, a ConfigMap, labels and the LLMService). A name that breaks
 * its rule cannot exist, so asking the API server about it is never needed.
 */
public final class KubeNames {
  public static final int RELEASE_MAX = 53;

  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL_PATTERN = Pattern.compile(LABEL);
  private static final Pattern SUBDOMAIN_PATTERN = Pattern.compile(LABEL + "(\\." + LABEL + ")*");
  private static final Pattern DNS_1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");

  private KubeNames() {}

  public static boolean isLabel(String s) {
    return s.length() <= 63 && LABEL_PATTERN.matcher(s).matches();
  }

  public static boolean isSubdomain(String s) {
    return s.length() <= 253 && SUBDOMAIN_PATTERN.matcher(s).matches();
  }

  /**
   * Why the API server would refuse {@code name} as the name of a {@code kind}, by name alone;
   * empty when the name passes. A Service is a DNS-1035 label (at most 63, starting with a letter),
   * a Namespace a DNS-1123 label, every other kind (for this check) a DNS-1123 subdomain.
   */
  public static Optional<String> objectNameProblem(String kind, String name) {
    String rule;
    boolean ok;
    switch (kind) {
      case "Service" -> {
        ok = name.length() <= 63 && DNS_1035_LABEL.matcher(name).matches();
        rule =
            "a DNS-1035 label: at most 63 lowercase letters, digits and '-', starting with a letter and ending with a letter or digit";
      }
      case "Namespace" -> {
        ok = isLabel(name);
        rule = "a DNS-1123 label: at most 63 lowercase letters, digits and '-'";
      }
      default -> {
        ok = isSubdomain(name);
        rule =
            "a DNS-1123 subdomain: at most 253 lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit";
      }
    }
    return ok
        ? Optional.empty()
        : Optional.of("%s name \"%s\" is not %s".formatted(kind, printable(name), rule));
  }

  /** Why {@code name} cannot be a namespace; empty when it can. */
  public static Optional<String> namespaceProblem(String name) {
    return isLabel(name)
        ? Optional.empty()
        : Optional.of(
            "namespace \"%s\" cannot exist: a namespace is a DNS-1123 label, at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit"
                .formatted(printable(name)));
  }

  /** Why {@code name} cannot be a release; empty when it can. */
  public static Optional<String> releaseProblem(String name) {
    return name.length() <= RELEASE_MAX && isSubdomain(name)
        ? Optional.empty()
        : Optional.of(
            "release \"%s\" cannot exist: a release name is at most %d lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit (helm's rule, DNS-1123)"
                .formatted(printable(name), RELEASE_MAX));
  }

  /** The name with control characters escaped, so the message shows what was sent. */
  private static String printable(String name) {
    StringBuilder out = new StringBuilder();
    name.codePoints()
        .forEach(
            c -> {
              if (Character.isISOControl(c)) {
                out.append("\\u%04x".formatted(c));
              } else {
                out.appendCodePoint(c);
              }
            });
    return out.toString();
  }
}
