package dev.modelsphere.swiss.deploy.approval;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * The writes a site that requires approval guards, and what an approval of each must name: the
 * release (every one but the profile), a plan, a revision or a content hash, and which {@link
 * WriteFlags} it may carry. One table, so a request, a write and the refusals all read the same.
 */
public enum GuardedAction {
  INSTALL("install", Target.RELEASE, Names.PLAN, Flag.CHART_DIGEST, Flag.FORCE_CONFLICTS),
  APPLY("apply", Target.RELEASE, Names.PLAN, Flag.CHART_DIGEST, Flag.FORCE_CONFLICTS),
  ADOPT("adopt", Target.RELEASE, Names.PLAN),
  ROLLBACK("rollback", Target.RELEASE, Names.REVISION, Flag.FORCE_CHART),
  UNINSTALL("uninstall", Target.RELEASE, Names.NOTHING),
  PROFILE("profile", Target.SITE, Names.CONTENT),
  SLO_PUT("slo-put", Target.SLO, Names.CONTENT),
  SLO_DELETE("slo-delete", Target.SLO, Names.NOTHING);

  /** What the action writes. */
  enum Target {
    /** The release itself, at the revision the approval was asked at. */
    RELEASE,
    /** A release's SLO thresholds, kept by the SLO server, apart from the release's revisions. */
    SLO,
    /** The site's own profile. */
    SITE
  }

  /** Besides its release, what an approval of the action names. */
  public enum Names {
    PLAN,
    REVISION,
    CONTENT,
    NOTHING
  }

  /** A flag of {@link WriteFlags}, by its name in a request's body. */
  public enum Flag {
    CHART_DIGEST("chartDigest"),
    FORCE_CONFLICTS("forceConflicts"),
    FORCE_CHART("forceChart");

    private final String wire;

    Flag(String wire) {
      this.wire = wire;
    }

    public String wire() {
      return wire;
    }
  }

  private final String wire;
  private final Target target;
  private final Names names;
  private final Set<Flag> flags;

  GuardedAction(String wire, Target target, Names names, Flag... flags) {
    this.wire = wire;
    this.target = target;
    this.names = names;
    this.flags = Set.of(flags);
  }

  public static Optional<GuardedAction> of(String wire) {
    return Arrays.stream(values()).filter(a -> a.wire.equals(wire)).findFirst();
  }

  /** Every action's name, for a refusal that lists them. */
  public static String all() {
    return String.join(", ", Arrays.stream(values()).map(GuardedAction::wire).toList());
  }

  public String wire() {
    return wire;
  }

  public Names names() {
    return names;
  }

  public boolean allows(Flag flag) {
    return flags.contains(flag);
  }

  /** The profile is the site's own; every other action writes one release. */
  public boolean ofARelease() {
    return target != Target.SITE;
  }

  /**
   * Whether the write changes the release's revision, so its approval holds only while the release
   * is at the revision it was asked at.
   */
  public boolean bindsLiveRevision() {
    return target == Target.RELEASE;
  }
}
