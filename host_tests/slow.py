# The slow tests: what `make check` leaves out and `make test` runs. One list for both
# runtimes: host_tests/conftest.py marks these `slow` for pytest (`-m "not slow"`
# leaves them out), tools/checks/mprun.py --quick leaves them out on the MicroPython
# unix port. A test is slow when it took 3 s or more on either runtime, measured one
# test at a time (pytest --durations, and mprun's own clock) on a two-core machine
# shared with two emulated Picos, where `make test`'s pytest took 14.5 minutes: these
# 47 were 81% of pytest's time and 89% of the unix port's. A new test that takes as
# long goes here; test_slow_list.py checks that every name here is a test.
# {file without .py: (its slow test functions, a parametrized one by its name)}
SLOW = {
    "test_bench_presses": (
        "test_typical_rounds_take_half_the_presses_or_fewer",
        "test_circus_puppy_has_a_row_per_action_and_the_load_cells_save_presses",
    ),
    "test_bench_presses_tables": (
        "test_every_table_of_the_list_keys_its_rounds_as_the_rules_count_them",
    ),
    "test_boot_damaged": (
        "test_boot_reaches_the_menu_whatever_one_file_holds",
    ),
    "test_check_state": (
        "test_every_damage_is_named",
    ),
    "test_checkpoints": (
        "test_undo_redo_corrections_and_resumes_in_any_order_give_the_same_game",
    ),
    "test_choices_survive_a_cut": (
        "test_a_crafted_action_draft_is_not_taken",
        "test_a_crafted_fall_draft_is_not_taken",
        "test_a_crafted_rescue_draft_is_not_taken",
        "test_a_crafted_stage_card_draft_is_not_taken",
        "test_a_damaged_or_crafted_medals_draft_is_not_taken",
        "test_a_solo_round_left_or_a_crafted_count_does_not_come_back",
        "test_a_tie_left_or_a_crafted_tie_does_not_come_back",
    ),
    "test_crash_loop": (
        "test_a_crash_in_each_phase_sets_aside_only_what_it_implicates_and_comes_back",
        "test_no_byte_in_the_record_makes_a_count",
        "test_power_cuts_in_the_first_six_seconds_set_nothing_aside",
    ),
    "test_cut_every_write": (
        "test_a_cut_at_any_flash_write_neither_loses_nor_doubles_the_game",
    ),
    "test_damage_sweep": (
        "test_an_event_replaced_by_a_good_record_of_another_shape",
        "test_checkpoints_with_good_checksums_and_places_astray",
        "test_single_bits_flipped_anywhere",
        "test_snapshots_with_good_checksums_and_states_of_the_wrong_shape",
        "test_the_log_cut_at_record_boundaries_and_inside_records",
    ),
    "test_device_pick_a_dog": (
        "test_a_stop_twenty_minutes_after_go_is_taken_with_its_time",
        "test_solo_stopwatch_is_never_dimmed_so_the_first_ok_counts",
        "test_solo_three_rounds_and_best_result",
    ),
    "test_drafts": (
        "test_a_draft_that_is_damaged_crafted_stale_or_another_games_is_not_taken",
    ),
    "test_engines_fuzz": (
        "test_fuzzed_events_are_refused_cleanly",
    ),
    "test_events_doc": (
        "test_pip_install_gives_the_engines_and_the_example_plays",
    ),
    "test_games_properties": (
        "test_circus_puppy",
    ),
    "test_install": (
        "test_manifest_check_finds_a_module_that_does_not_compile",
    ),
    "test_live_round_heap": (
        "test_a_live_round_and_its_stop_allocate_nothing",
        "test_a_live_rounds_clock_counts_down_and_allocates_nothing",
    ),
    "test_long_use": (
        "test_a_300_game_history",
        "test_b_long_game_of_every_title",
        "test_c_long_game_on_a_long_history",
    ),
    "test_power_cut": (
        "test_power_cuts_lose_no_acknowledged_event",
    ),
    "test_readers_small_heap": (
        "test_the_history_index_is_made_and_used_in_a_small_heap",
    ),
    "test_reading_damage": (
        "test_crafted_checkpoints_never_change_the_game_nor_raise",
    ),
    "test_restless_table": (
        "test_circus_puppy_at_a_restless_table",
        "test_pick_a_dog_at_a_restless_table",
    ),
    "test_rules_here_heap": (
        "test_rules_here_costs_the_game_no_heap",
    ),
    "test_screens_fit": (
        "test_every_pair_of_names_alike_in_three_letters_is_told_apart_on_every_screen",
        "test_harsh_tables_are_told_apart_on_every_screen",
    ),
    "test_sheet_against_log": (
        "test_a_resume_makes_the_rows_after_its_snapshot_the_logs",
        "test_a_sheet_changed_with_right_checksums_never_reaches_the_history",
    ),
    "test_sheet_kept": (
        "test_a_damaged_or_foreign_sheet_is_made_again_from_the_log",
        "test_a_long_sheet_opens_without_a_replay",
        "test_a_power_cut_anywhere_brings_back_the_replays_sheet",
        "test_the_kept_sheet_is_the_replay_after_every_change_of_every_title",
    ),
    "test_sheet_small_heap": (
        "test_a_long_games_sheet_changed_with_right_checksums_at_a_small_heap",
    ),
    "test_sim_terminal": (
        "test_every_view_shows_every_pixel_of_a_screen",
    ),
    "test_stage_binding": (
        "test_the_harsh_table_passes_as_the_detector_is",
    ),
    "test_stage_harsh": (
        "test_the_harsh_table_at_low_noise",
        "test_the_harsh_table_at_the_highest_noise_of_the_goals",
    ),
    "test_stage_physics": (
        "test_drift_of_a_gram_a_minute_for_ten_minutes_is_not_an_event",
    ),
    "test_stage_table": (
        "test_a_gentler_generator_is_caught",
        "test_the_hx711_starts_empty_tears_reads_and_misses_samples",
    ),
    "test_stage_turns": (
        "test_turns_ask_nothing_with_the_expectation_and_decide_no_worse",
    ),
    "test_tools_total": (
        "test_a_damaged_game_in_progress_through_the_report_s_reading",
        "test_crafted_records_statistics_and_sheets_through_the_report",
    ),
}


def is_slow(module, name):
    """Is test function `name` of test file `module` (no .py) one of the slow ones?"""
    return name in SLOW.get(module, ())
