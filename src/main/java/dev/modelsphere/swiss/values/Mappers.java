package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The Jackson mappers behind {@link Yaml} and {@link Json}: one configuration for every document
 * swiss decodes.
 *
 * <p>Decoding is as strict as the reference's decoders: an unknown key is refused (a misspelt key
 * must fail loudly, not be ignored), and so is a value of the wrong type ({@code "8"} or {@code
 * 8.5} where an integer belongs, {@code "true"} where a boolean does, {@code 8} where text does)
 * rather than coerced into one.
 *
 * <p>An untyped value ({@code Object}, a map of them) takes its number types from the tree: {@link
 * YamlTree} makes every integer a {@code Long} ({@code BigInteger} beyond it), as values trees hold
 * them. Jackson's USE_LONG_FOR_INTS is not used: it fails on the {@code BigInteger}s.
 */
final class Mappers {
  static final JsonMapper STRICT =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          // Jackson would still turn 8 or true into the text "8" or "true"; from a float that text
          // is not what was written (1.10 would become "1.1"), so a string must be written as one.
          .withCoercionConfig(
              LogicalType.Textual,
              text ->
                  text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .build();

  /** {@link #STRICT}, but a key it does not know is skipped: for documents a newer swiss wrote. */
  static final ObjectMapper IGNORING_UNKNOWN_KEYS =
      STRICT.rebuild().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  /**
   * Turns records into trees for the writer, fields in declared order as Go keeps a struct's. The
   * writer sorts the maps it is given by code point itself; a map inside a record is sorted here,
   * by UTF-16 unit, which differs from code-point order only for keys that mix characters above
   * U+FFFF with ones from U+E000 to U+FFFF.
   */
  static final ObjectMapper RECORDS =
      JsonMapper.builder().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

  private Mappers() {}
}
