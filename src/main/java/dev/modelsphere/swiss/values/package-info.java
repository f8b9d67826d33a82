/**
 * Values trees: the string-keyed maps of chart values that every layer of a plan is made of.
 *
 * <p>A tree holds nested {@code Map<String, Object>}, lists (opaque, never recursed into), strings,
 * booleans, integers ({@code Long} or {@code Integer}), floats ({@code Double}) and explicit nulls.
 * Merging follows helm's values-file rules.
 */
package dev.modelsphere.swiss.values;
