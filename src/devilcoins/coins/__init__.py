"""What only the coin game has: its notation, Lamping's construction, certificates, proofs."""
