"""Hardware drivers, each with a real and a simulated backend; they never import the flow."""
