package dev.modelsphere.swiss.canary;

import java.util.regex.Pattern;

/** Kubernetes' DNS-1123 name rules, for namespaces (labels) and object names (subdomains). */
final class DnsNames {
  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL_PATTERN = Pattern.compile(LABEL);
  private static final Pattern SUBDOMAIN_PATTERN = Pattern.compile(LABEL + "(\\." + LABEL + ")*");

  private DnsNames() {}

  static boolean isLabel(String s) {
    return s.length() <= 63 && LABEL_PATTERN.matcher(s).matches();
  }

  static boolean isSubdomain(String s) {
    return s.length() <= 253 && SUBDOMAIN_PATTERN.matcher(s).matches();
  }
}
