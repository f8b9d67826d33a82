package dev.modelsphere.swiss.deploy.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@code GET /api/releases/{namespace}/{release}/objects} (reference server.md §6.4):
 * the routing, scaling and SLO objects the release's manifest names, each read live.
 */
public record ObjectsReport(List<Entry> objects) {

  public ObjectsReport {
    objects = List.copyOf(objects);
  }

  /** Which object. */
  public record Ref(String apiVersion, String kind, String namespace, String name) {}

  /**
   * One object: exactly one of {@code live}, {@code missing} and {@code error} is given.
   *
   * @param missing the manifest names it but the cluster has no such object
   * @param error why it could not be read
   */
  public record Entry(
      Ref ref,
      @JsonInclude(Include.NON_NULL) Live live,
      @JsonInclude(Include.NON_DEFAULT) boolean missing,
      @JsonInclude(Include.NON_EMPTY) String error) {}

  /**
   * What the live object says.
   *
   * @param created its creation time, RFC 3339
   */
  public record Live(
      @JsonInclude(Include.NON_DEFAULT) long generation,
      @JsonInclude(Include.NON_EMPTY) String created,
      @JsonInclude(Include.NON_NULL) Map<String, Object> spec,
      @JsonInclude(Include.NON_NULL) Map<String, Object> status) {}
}
