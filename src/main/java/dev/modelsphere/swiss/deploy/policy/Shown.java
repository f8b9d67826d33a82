package dev.modelsphere.swiss.deploy.policy;

import dev.modelsphere.swiss.plan.CanonicalJson;

/** A value as a refusal shows it: short JSON, so a user sees what was refused. */
final class Shown {
  private static final int LONGEST = 120;

  private Shown() {}

  static String value(Object value) {
    String text = CanonicalJson.compact(value);
    return text.length() <= LONGEST ? text : text.substring(0, LONGEST) + "...";
  }
}
