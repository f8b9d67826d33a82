/**
 * The kinds of failure every package shares. Only the kinds live here; which HTTP status or exit
 * code a kind becomes is the business of {@code server} and {@code cli}.
 */
package dev.modelsphere.swiss.error;
