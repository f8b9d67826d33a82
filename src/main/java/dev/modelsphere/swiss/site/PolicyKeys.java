package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;

/**
 * The values keys the user layers (the deploy form and the hand edit) may set. A pattern is a
 * dotted path whose segments may be {@code *} (any one segment) or {@code **} (any number, none
 * included); it covers the path it names and everything under it.
 *
 * @param allow when not empty, the only keys a user layer may set
 * @param deny keys a user layer may never set, even when {@code allow} covers them
 */
public record PolicyKeys(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> allow,
    @JsonInclude(JsonInclude.Include.ALWAYS) List<String> deny) {

  /**
   * Refused unless the site says otherwise: the container's command. The rendered check sees the
   * pod, not whose command it runs, so the key is where "run this instead of the engine" is caught.
   */
  public static final List<String> DEFAULT_DENY =
      List.of("commandOverride", "**.command", "**.args");

  public PolicyKeys {
    allow = Nulls.withoutNullItems(allow);
    deny = deny == null ? DEFAULT_DENY : Nulls.withoutNullItems(deny);
  }

  /** Any key but the container's command. */
  public static PolicyKeys defaults() {
    return new PolicyKeys(List.of(), null);
  }
}
