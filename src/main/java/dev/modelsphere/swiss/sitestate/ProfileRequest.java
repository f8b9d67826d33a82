package dev.modelsphere.swiss.sitestate;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.Json;
import dev.modelsphere.swiss.values.JsonMappers;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.List;

/**
 * The body of {@code PUT /api/profile}: the profile as YAML text, kept byte for byte, or as the
 * object form the setup page edits, rendered to YAML here.
 *
 * @param yaml the profile text; null when not sent
 * @param profile the profile in its JSON form; null when not sent
 */
record ProfileRequest(String yaml, JsonNode profile) {

  /** Maps inside the profile ({@code extra}) are written sorted by key, as Go writes a map. */
  private static final ObjectMapper TREES = JsonMappers.SORTED_KEYS;

  /** The profile's sections, which the JSON form always carries and the YAML leaves out empty. */
  private static final List<String> SECTIONS =
      List.of("registry", "model", "schedule", "cache", "scaler", "route", "nodes");

  /**
   * @throws SiteStateException {@code BAD_REQUEST} when the body is not JSON of this shape
   */
  static ProfileRequest parse(String body) {
    ProfileRequest request;
    try {
      // Read strictly, as every document: a misspelt key must not vanish.
      request = Json.read("the request body", body.getBytes(UTF_8), ProfileRequest.class);
    } catch (ValuesException e) {
      throw badRequest(
          "%s -- send {\"yaml\": \"...\"} or {\"profile\": {...}}".formatted(e.getMessage()));
    }
    if (request == null) {
      throw badRequest(
          "the request body is null -- send {\"yaml\": \"...\"} or {\"profile\": {...}}");
    }
    return request;
  }

  /**
   * The text to store: the YAML as sent, or the object rendered with the sections nobody filled
   * left out (so the stored profile reads as a person would write it, without {@code cache: {}}).
   *
   * @throws SiteStateException {@code BAD_REQUEST} when both or neither form is sent, or the object
   *     does not have the profile's shape
   */
  String text() {
    boolean hasYaml = yaml != null && !yaml.isEmpty();
    boolean hasObject = profile != null && !profile.isNull();
    if (hasYaml && hasObject) {
      throw badRequest("send the profile as yaml or as an object, not both");
    }
    if (hasObject) {
      return render(profile);
    }
    if (!hasYaml || yaml.isBlank()) {
      throw badRequest("the profile is empty: send its YAML text or its fields");
    }
    return yaml;
  }

  private static String render(JsonNode object) {
    Profile parsed;
    try {
      parsed = Json.read("profile", object.toString().getBytes(UTF_8), Profile.class);
    } catch (ValuesException e) {
      throw badRequest(e.getMessage());
    }
    ObjectNode tree = TREES.valueToTree(parsed);
    dropIfEmpty((ObjectNode) tree.get("route"), "auth");
    SECTIONS.forEach(section -> dropIfEmpty(tree, section));
    return Yaml.write(tree);
  }

  private static void dropIfEmpty(ObjectNode parent, String field) {
    JsonNode child = parent.get(field);
    if (child != null && child.isObject() && child.isEmpty()) {
      parent.remove(field);
    }
  }

  private static SiteStateException badRequest(String message) {
    return new SiteStateException(ErrorKind.INVALID, message);
  }
}
