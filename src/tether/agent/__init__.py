"""The agent: one factory, the loop, and the receipt."""
