"""Mail: delivery of what turnpost sends, and the signed addresses players reply to."""
