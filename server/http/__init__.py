"""What the API and the web pages share: who is asking, rate limits, refusals, long polls."""
