package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.ValuesYaml;
import dev.modelsphere.swiss.values.YamlProblem;
import java.util.List;

/**
 * The body of {@code PUT /api/profile}: the profile as YAML text, kept byte for byte, or as the
 * object form the setup page edits, rendered to YAML here.
 *
 * @param yaml the profile text; null when not sent
 * @param profile the profile in its JSON form; null when not sent
 */
record ProfileRequest(String yaml, JsonNode profile) {

  /**
   * Both the body and the object form are read strictly: a misspelt key must not vanish, and a
   * number where text belongs is refused rather than turned into text.
   */
  private static final ObjectMapper STRICT =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .withCoercionConfig(
              LogicalType.Textual,
              text ->
                  text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .build();

  private static final ObjectMapper PLAIN = new ObjectMapper();

  /** The profile's sections, which the JSON form always carries and the YAML leaves out empty. */
  private static final List<String> SECTIONS =
      List.of("registry", "model", "schedule", "cache", "scaler", "route", "nodes");

  /**
   * @throws SiteStateException {@code BAD_REQUEST} when the body is not JSON of this shape
   */
  static ProfileRequest parse(String body) {
    try {
      ProfileRequest request = STRICT.readValue(body, ProfileRequest.class);
      if (request == null) {
        throw badRequest(
            "the request body is null -- send {\"yaml\": \"...\"} or {\"profile\": {...}}");
      }
      return request;
    } catch (JsonProcessingException e) {
      throw badRequest(
          "the request body is not a profile request: %s -- send {\"yaml\": \"...\"} or {\"profile\": {...}}"
              .formatted(YamlProblem.describe(e)));
    }
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
      parsed = STRICT.treeToValue(object, Profile.class);
    } catch (JsonProcessingException e) {
      throw badRequest("profile: %s".formatted(YamlProblem.describe(e)));
    }
    ObjectNode tree = PLAIN.valueToTree(parsed);
    dropIfEmpty((ObjectNode) tree.get("route"), "auth");
    SECTIONS.forEach(section -> dropIfEmpty(tree, section));
    return ValuesYaml.write(tree);
  }

  private static void dropIfEmpty(ObjectNode parent, String field) {
    JsonNode child = parent.get(field);
    if (child != null && child.isObject() && child.isEmpty()) {
      parent.remove(field);
    }
  }

  private static SiteStateException badRequest(String message) {
    return new SiteStateException(SiteStateException.Reason.BAD_REQUEST, message);
  }
}
