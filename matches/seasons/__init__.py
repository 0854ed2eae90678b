"""Seasons: what a match means for the season. Results confirmed into the ledger, gifts and the
forced gifts the rules ask for, Marks of Elimination, Death Matches, the history in words, the
season page and the exports.

May use: core, models, lib, clock. Not the other features: to tell a player of a gift it
publishes an event that notifications hears."""
