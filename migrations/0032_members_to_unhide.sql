-- The members a new message brings a hidden channel back for: on every send Roost looks for
-- them, and there are seldom any, so the index is mostly empty and the look costs nothing
-- (through the primary key it read every member of the channel).
CREATE INDEX members_to_unhide ON members (channel_id) WHERE hidden_state = 'hidden_allow_auto_unhide';
