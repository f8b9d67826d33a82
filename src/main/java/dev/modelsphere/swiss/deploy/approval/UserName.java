package dev.modelsphere.swiss.deploy.approval;

import java.text.Normalizer;
import java.util.Locale;

/**
 * A user's name as swiss compares it: two names are one user when they read alike, so {@code Alice}
 * cannot approve what {@code alice} asked for, nor a full-width {@code ａｌｉｃｅ}. The form is
 * Unicode's NFKC with format characters (zero-width joiners, bidi marks) removed, surrounding
 * blanks stripped and case folded, as NFKC_Casefold does; {@link #display} keeps the name as it was
 * given, for messages and the audit log.
 *
 * <p>Every comparison of users goes through this value: requester against approver, the profile's
 * {@code approvers}, and {@code server.auth.admins}.
 */
public final class UserName {
  private final String canonical;
  private final String display;

  private UserName(String canonical, String display) {
    this.canonical = canonical;
    this.display = display;
  }

  public static UserName of(String name) {
    String given = name == null ? "" : name;
    return new UserName(canonical(given), given);
  }

  /** The form names are compared in. */
  public String canonical() {
    return canonical;
  }

  /** The name as it was given. */
  public String display() {
    return display;
  }

  /** Whether {@code other} names the same user. */
  public boolean sameAs(String other) {
    return canonical.equals(canonical(other == null ? "" : other));
  }

  /** Equal by the canonical form alone: the display is how one caller spelled it. */
  @Override
  public boolean equals(Object o) {
    return o instanceof UserName that && canonical.equals(that.canonical);
  }

  @Override
  public int hashCode() {
    return canonical.hashCode();
  }

  @Override
  public String toString() {
    return display;
  }

  private static String canonical(String name) {
    String compatible = withoutFormatCharacters(Normalizer.normalize(name, Normalizer.Form.NFKC));
    // Upper then lower folds what lower case alone leaves apart (ß and SS, ς and σ, ſ and s).
    String folded = compatible.strip().toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    // Case mapping can leave a string that is no longer in NFKC (a dotted capital I, say).
    return Normalizer.normalize(folded, Normalizer.Form.NFKC);
  }

  private static String withoutFormatCharacters(String s) {
    StringBuilder kept = new StringBuilder(s.length());
    s.codePoints()
        .filter(c -> Character.getType(c) != Character.FORMAT)
        .forEach(kept::appendCodePoint);
    return kept.toString();
  }
}
